import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { describeError, isHttpStatus } from '@/api/errors';
import { useAvailableDomains } from '@/api/domains';
import { CertifyAction, type CertificationRecord, type CertifyBody } from '@/api/schemas/privilege-zones';
import { useIsEnterprise } from '@/api/version';
import { useNotice } from '@/components/notice';
import { PageHeader } from '@/components/PageHeader';
import { RestrictedNote } from '@/components/RestrictedNote';
import { CellTag, ChoiceFilter, DataTable, FilterBar, useTableState, type Column, TableProvider } from '@/components/table';
import { DateTime } from '@/components/time';
import { useAccess } from '@/lib/access';
import { useCertifications, useCertifyMembers } from '@/features/privilege-zones/api/certifications';
import { useTags } from '@/api/privilege-zone-tags';
import { EnterpriseOnly } from '@/components/EnterpriseOnly';
import {
  CERTIFICATION_CHOICES,
  CERTIFICATION_TABLE,
  CERTIFICATION_WORDS,
  notSelectableReason,
} from '@/features/privilege-zones/certification';
import { isZone, zonesInOrder } from '@/features/privilege-zones/tag-rules';
import { plural } from '@/shared/words';
import { privilegeZoneOps } from '@/api/operations/privilege-zones';

const TITLE = 'Certification';
export const NOTE_MAX_LENGTH = 1000;

/** One row's checkbox: named by the object; off, with the reason as its description, for automatic ones. */
function SelectBox({ record, checked, onToggle }: { record: CertificationRecord; checked: boolean; onToggle: () => void }) {
  const reason = notSelectableReason(record);
  const box = (
    <Checkbox
      checked={checked}
      disabled={reason !== null}
      onChange={onToggle}
      slotProps={{ input: { 'aria-label': `Select ${record.name}`, ...(reason ? { 'aria-description': reason } : {}) } }}
    />
  );
  return reason ? (
    <Tooltip title={reason}>
      <span>{box}</span>
    </Tooltip>
  ) : (
    box
  );
}

/**
 * The certification queue (enterprise): the objects the zones' rules select, with their state
 * (pending, revoked, certified by a person, automatic), filtered by status, zone and domain. People with
 * graphdb.Write pick objects (on several pages if they like) and certify or revoke them with a note.
 */
export default function CertificationPage() {
  const enterprise = useIsEnterprise();
  const write = useAccess(privilegeZoneOps.certifyOrRevokeObjects);
  const table = useTableState(CERTIFICATION_TABLE);
  const records = useCertifications(table.query, { enabled: enterprise !== false });
  const tags = useTags(null);
  const domains = useAvailableDomains({ enabled: enterprise !== false });
  const certify = useCertifyMembers();
  const { notify } = useNotice();
  const [selected, setSelected] = useState<ReadonlyMap<number, string>>(new Map());
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const tagNames = useMemo(() => new Map((tags.data ?? []).map((t) => [t.id, t.name])), [tags.data]);
  const domainNames = useMemo(() => new Map((domains.data ?? []).map((d) => [d.id, d.name])), [domains.data]);
  const rows = useMemo(() => records.data?.data.members ?? [], [records.data]);
  const selectable = rows.filter((r) => notSelectableReason(r) === null);
  const allOnPage = selectable.length > 0 && selectable.every((r) => selected.has(r.id));

  const toggle = (record: CertificationRecord) => {
    setProblem(null);
    setSelected((now) => {
      const next = new Map(now);
      if (next.has(record.id)) next.delete(record.id);
      else next.set(record.id, record.name);
      return next;
    });
  };
  const togglePage = () => {
    setProblem(null);
    setSelected((now) => {
      const next = new Map(now);
      for (const r of selectable) {
        if (allOnPage) next.delete(r.id);
        else next.set(r.id, r.name);
      }
      return next;
    });
  };

  const act = (action: CertifyBody['action']) => {
    if (selected.size === 0) {
      setProblem('Pick at least one object in the table first.');
      return;
    }
    if (note.length > NOTE_MAX_LENGTH) {
      setProblem(`Note: at most ${NOTE_MAX_LENGTH} characters.`);
      return;
    }
    const count = selected.size;
    certify.mutate(
      { member_ids: [...selected.keys()], action, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          notify(
            `${plural(count, 'object')} ${action === CertifyAction.Certify ? 'certified' : 'revoked'}. Zones that require certification change at the next analysis.`,
          );
          setSelected(new Map());
          setNote('');
          certify.reset();
        },
      },
    );
  };

  const columns = useMemo((): Column<CertificationRecord>[] => {
    const select: Column<CertificationRecord> = {
      id: 'select',
      header: 'Select',
      width: 56,
      cell: (r) => <SelectBox record={r} checked={selected.has(r.id)} onToggle={() => toggle(r)} />,
    };
    return [
      ...(write.allowed ? [select] : []),
      { id: 'name', header: 'Object', rowHeader: true, cell: (r) => r.name, secondary: (r) => r.object_id },
      { id: 'primary_kind', header: 'Kind', nowrap: true, cell: (r) => r.primary_kind },
      {
        id: 'environment_id',
        header: 'Domain',
        hideBelow: 'md',
        cell: (r) => domainNames.get(r.environment_id) ?? r.environment_id,
      },
      {
        id: 'asset_group_tag_id',
        header: 'Zone',
        cell: (r) => tagNames.get(r.asset_group_tag_id) ?? `Zone ${r.asset_group_tag_id}`,
      },
      {
        id: 'certified',
        header: 'Status',
        nowrap: true,
        cell: (r) => <CellTag label={CERTIFICATION_WORDS[r.certified].label} tone={CERTIFICATION_WORDS[r.certified].tone} />,
        secondary: (r) => (r.certified_by ? `by ${r.certified_by}` : null),
      },
      { id: 'created_at', header: 'First seen', nowrap: true, hideBelow: 'xl', cell: (r) => <DateTime value={r.created_at} /> },
    ];
  }, [selected, write.allowed, domainNames, tagNames]);

  const header = (
    <PageHeader
      title={TITLE}
      description="Objects the zones’ rules select, and whether a person has certified them. In a zone that requires certification, only certified objects are members."
    />
  );
  // A community server says so, or answers the enterprise-only list with 404.
  if (enterprise === false || isHttpStatus(records.error, 404))
    return (
      <>
        {header}
        <EnterpriseOnly
          title="Certification needs the enterprise edition"
          text="This server runs the community edition, which has no certification: every object a rule selects is a member. The zones, their rules and their history are still here."
          back={{ to: '/privilege-zones', label: 'Go to zones' }}
        />
      </>
    );

  const zoneChoices = zonesInOrder((tags.data ?? []).filter(isZone)).map((t) => ({ value: String(t.id), label: t.name }));
  const domainChoices = (domains.data ?? []).map((d) => ({ value: d.id, label: d.name }));
  return (
    <TableProvider table={table}>
      {header}
      <RestrictedNote missing={write.missing} canDo="You can look at the queue" cannot="certify or revoke objects" />
      <FilterBar>
        <ChoiceFilter column="certified" label="Status" anyLabel="Any" options={CERTIFICATION_CHOICES} width={150} />
        <ChoiceFilter column="asset_group_tag_id" label="Zone" anyLabel="Any zone" options={zoneChoices} />
        <ChoiceFilter column="environment_id" label="Domain" anyLabel="Any domain" options={domainChoices} width={240} />
      </FilterBar>
      {write.allowed && (
        <Paper variant="outlined" component="section" aria-label="Certify or revoke" sx={{ p: 2, mb: 2 }}>
          <Stack spacing={1.5}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <FormControlLabel
                control={<Checkbox checked={allOnPage} disabled={selectable.length === 0} onChange={togglePage} />}
                label="Select all on this page"
              />
              <Typography role="status" variant="body2">
                {selected.size === 0 ? 'No objects selected.' : `${plural(selected.size, 'object')} selected.`}
              </Typography>
              {selected.size > 0 && (
                <Button size="small" onClick={() => setSelected(new Map())}>
                  Clear selection
                </Button>
              )}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              Automatic certifications cannot be picked: they follow the rule that selects the object.
            </Typography>
            <TextField
              label="Note"
              value={note}
              onChange={(e) => {
                setNote(e.target.value);
                setProblem(null);
              }}
              multiline
              minRows={1}
              fullWidth
              error={problem?.startsWith('Note') ?? false}
              helperText={problem?.startsWith('Note') ? problem : 'Why, for the history (optional).'}
            />
            <Stack direction="row" spacing={1}>
              <Button variant="contained" loading={certify.isPending} onClick={() => act(CertifyAction.Certify)}>
                Certify selected
              </Button>
              <Button variant="outlined" color="error" disabled={certify.isPending} onClick={() => act(CertifyAction.Revoke)}>
                Revoke selected
              </Button>
            </Stack>
            {problem && !problem.startsWith('Note') && (
              <Alert severity="warning" role="alert">
                {problem}
              </Alert>
            )}
            {certify.error ? (
              <Alert severity="error" role="alert">
                {describeError(certify.error)}
              </Alert>
            ) : null}
          </Stack>
        </Paper>
      )}
      <DataTable
        label="Certification queue"
        noun="objects"
        mode="server"
        columns={columns}
        query={records}
        page={records.data ? { rows, count: records.data.count } : undefined}
        rowKey={(r) => `${r.asset_group_tag_id}-${r.id}`}
        empty={{
          title: 'Nothing to certify',
          text: 'No rule of a zone selects an object yet, or the analysis that tags them has not run.',
        }}
      />
    </TableProvider>
  );
}
