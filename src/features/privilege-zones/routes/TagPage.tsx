import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatCount } from '@/shared/count';
import { queryKeys } from '@/api/query-keys';
import type { DatapipeStatus } from '@/api/schemas/datapipe';
import { TagType, type AssetGroupTag, type AssetGroupTagSelector } from '@/api/schemas/privilege-zones';
import { useSelf } from '@/api/self';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { DetailFrame } from '@/components/DetailFrame';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { useAccess } from '@/lib/access';
import { numericId, useRouteId } from '@/lib/route-id';
import { useTags } from '@/api/privilege-zone-tags';
import { useDeleteSelector, useTag } from '@/features/privilege-zones/api/privilege-zones';
import { TagAdminActions } from '@/features/privilege-zones/components/tag-admin';
import { AnalysisNote } from '@/features/privilege-zones/components/AnalysisNote';
import { RuleFormDialog } from '@/features/privilege-zones/components/RuleFormDialog';
import { RulesSection } from '@/features/privilege-zones/components/RulesSection';
import { TagMembers } from '@/features/privilege-zones/components/TagMembers';
import { ruleCountsText, tagTypeLabel } from '@/features/privilege-zones/tag-text';
import { privilegeZoneOps } from '@/api/operations/privilege-zones';

const CRUMB = { label: 'Privilege Zones', to: '/privilege-zones' };

/** A zone's or label's page: what it is, its rules (custom, default, disabled) and its objects. */
export default function TagPage() {
  const id = useRouteId('tagId', numericId);
  const tag = useTag(id.ok ? id.id : 0, { enabled: id.ok });
  return (
    <DetailFrame list={CRUMB} noun="zone or label" title="Zone or label" id={id} query={tag}>
      {(t) => <Details key={t.id} tag={t} />}
    </DetailFrame>
  );
}

type Dialog = { kind: 'edit'; rule: AssetGroupTagSelector | null } | { kind: 'delete'; rule: AssetGroupTagSelector } | null;

function Details({ tag }: { tag: AssetGroupTag }) {
  const self = useSelf();
  const write = useAccess(privilegeZoneOps.createAssetGroupTagSelector);
  const canWrite = write.allowed;
  const [dialog, setDialog] = useState<Dialog>(null);
  // The last rule change here and the last finished analysis then: the note above the rules says what changed and
  // when a newer analysis has run (in the page, where it covers none of the rules or filters a toast would).
  const [change, setChange] = useState<{ message: string; since: string | null } | null>(null);
  const client = useQueryClient();
  const remove = useDeleteSelector();
  const list = tag.type === TagType.Zone ? CRUMB : { label: 'Labels', to: '/privilege-zones/labels' };
  const tags = useTags(null);
  const navigate = useNavigate();

  const changed = (message: string) => {
    setDialog(null);
    setChange({
      message,
      since: client.getQueryData<DatapipeStatus>(queryKeys.datapipe.status())?.last_complete_analysis_at ?? null,
    });
  };

  return (
    <>
      <PageHeader
        crumbs={[list, { label: tag.name }]}
        title={tag.name}
        description={tag.description || undefined}
        actions={
          <>
            {tags.data && <TagAdminActions tag={tag} tags={tags.data} onDeleted={() => navigate(list.to)} />}
            {canWrite && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ kind: 'edit', rule: null })}>
                Add rule
              </Button>
            )}
          </>
        }
      />
      <Typography component="div" color="text.secondary" sx={{ mb: 2 }}>
        {tagTypeLabel(tag.type)}
        {tag.position !== null ? `, position ${tag.position}` : ''} · {formatCount(tag.counts?.members ?? 0)} objects ·{' '}
        {ruleCountsText(tag.counts)}
        {tag.require_certify ? ' · certification required' : ''}
      </Typography>
      {self.data && !canWrite && (
        <RestrictedNote
          missing={write.missing}
          canDo="You can look at its rules and objects"
          cannot="add, change or delete rules"
        />
      )}
      {tag.type === TagType.Owned && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Owned marks objects an attacker controls; its rules are not expanded to related objects.
        </Alert>
      )}
      {change && (
        <AnalysisNote key={change.message} change={change.message} since={change.since} onClose={() => setChange(null)} />
      )}
      <RulesSection
        tag={tag}
        canWrite={canWrite}
        onEdit={(rule) => setDialog({ kind: 'edit', rule })}
        onDelete={(rule) => {
          remove.reset();
          setDialog({ kind: 'delete', rule });
        }}
      />
      <TagMembers tag={tag} />
      {dialog?.kind === 'edit' && (
        <RuleFormDialog
          tag={tag}
          rule={dialog.rule}
          onClose={() => setDialog(null)}
          onSaved={(rule, created) => changed(created ? `Rule "${rule.name}" created.` : `Rule "${rule.name}" saved.`)}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          open
          title={`Delete rule ${dialog.rule.name}?`}
          confirmLabel="Delete rule"
          pending={remove.isPending}
          error={remove.error}
          onClose={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(
              { tagId: tag.id, selectorId: dialog.rule.id },
              { onSuccess: () => changed(`Rule "${dialog.rule.name}" deleted.`) },
            )
          }
        >
          The rule stops selecting objects: those only it brings into {tag.name} leave at the next analysis. This cannot be
          undone.
        </ConfirmDialog>
      )}
    </>
  );
}
