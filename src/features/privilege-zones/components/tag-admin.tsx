import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { TagType, type AssetGroupTag } from '@/api/schemas/privilege-zones';
import { useIsEnterprise } from '@/api/version';
import { useNotice } from '@/components/notice';
import { useAccess } from '@/lib/access';
import { DeleteTagDialog } from '@/features/privilege-zones/components/DeleteTagDialog';
import { TagFormDialog, type TagFormTarget } from '@/features/privilege-zones/components/TagFormDialog';
import { ZoneOrderDialog } from '@/features/privilege-zones/components/ZoneOrderDialog';
import { canEditAnything, tagLimits, tagNoun } from '@/features/privilege-zones/tag-rules';
import { privilegeZoneOps } from '@/api/operations/privilege-zones';

/**
 * A zone's or label's page actions: "Edit zone" and "Delete zone" where the edition and the person's
 * permissions allow, and otherwise a sentence saying why they are not offered (Tier Zero and Owned are
 * never deleted; a community server deletes nothing). `onDeleted` leaves the page of the deleted tag.
 */
export function TagAdminActions({
  tag,
  tags,
  onDeleted,
}: {
  tag: AssetGroupTag;
  /** Every live tag (the glyphs in use). */
  tags: readonly AssetGroupTag[];
  onDeleted: () => void;
}) {
  const enterprise = useIsEnterprise() !== false;
  const patch = useAccess(privilegeZoneOps.updateAssetGroupTag);
  const remove = useAccess(privilegeZoneOps.deleteAssetGroupTag);
  const { notify } = useNotice();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const limits = tagLimits(tag, enterprise);
  const noun = tagNoun(tag);
  const offerEdit = patch.allowed && canEditAnything(limits);
  const offerDelete = remove.allowed && limits.delete === null;
  const why = [!offerEdit && patch.allowed ? limits.name : null, remove.allowed ? limits.delete : null].filter(Boolean);
  return (
    <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' } }}>
      <Stack direction="row" spacing={1}>
        {offerEdit && (
          <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
            Edit {noun}
          </Button>
        )}
        {offerDelete && (
          <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={() => setDeleting(true)}>
            Delete {noun}
          </Button>
        )}
      </Stack>
      {why.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {[...new Set(why)].join(' ')}
        </Typography>
      )}
      {editing && (
        <TagFormDialog
          target={{ mode: 'edit', tag }}
          tags={tags}
          enterprise={enterprise}
          onClose={() => setEditing(false)}
          onSaved={(_saved, message) => {
            setEditing(false);
            notify(message);
          }}
        />
      )}
      <DeleteTagDialog
        tag={deleting ? tag : null}
        onClose={() => setDeleting(false)}
        onDeleted={(message) => {
          notify(message);
          onDeleted();
        }}
      />
    </Stack>
  );
}

/**
 * The zones and labels list's actions (enterprise, graphdb.Write): "Create zone", "Create label" and
 * "Reorder zones". On a community server they are not offered, and a sentence says why.
 * `onCreated` opens the new tag's page.
 */
export function TagListActions({ tags, onCreated }: { tags: readonly AssetGroupTag[]; onCreated: (tag: AssetGroupTag) => void }) {
  const enterprise = useIsEnterprise() !== false;
  const create = useAccess(privilegeZoneOps.createAssetGroupTag);
  const patch = useAccess(privilegeZoneOps.updateAssetGroupTag);
  const { notify } = useNotice();
  const [target, setTarget] = useState<TagFormTarget | null>(null);
  const [ordering, setOrdering] = useState(false);
  if (!enterprise)
    return (
      <Typography variant="body2" color="text.secondary">
        Zones and labels are created, reordered and deleted on the enterprise edition.
      </Typography>
    );
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {create.allowed && (
        <>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setTarget({ mode: 'create', type: TagType.Zone })}>
            Create zone
          </Button>
          <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setTarget({ mode: 'create', type: TagType.Label })}>
            Create label
          </Button>
        </>
      )}
      {patch.allowed && (
        <Button variant="outlined" startIcon={<SwapVertIcon />} onClick={() => setOrdering(true)}>
          Reorder zones
        </Button>
      )}
      {target && (
        <TagFormDialog
          target={target}
          tags={tags}
          enterprise={enterprise}
          onClose={() => setTarget(null)}
          onSaved={(saved, message) => {
            setTarget(null);
            notify(message);
            onCreated(saved);
          }}
        />
      )}
      <ZoneOrderDialog open={ordering} tags={tags} onClose={() => setOrdering(false)} />
    </Stack>
  );
}
