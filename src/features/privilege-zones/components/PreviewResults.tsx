import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatCount } from '@/shared/count';
import { describeError } from '@/api/errors';
import { nodeKindLabel } from '@/api/schemas/entities';
import { MemberSource, TagType, type AssetGroupTag, type AssetGroupTagMember } from '@/api/schemas/privilege-zones';
import { LoadingState } from '@/components/states';
import { PREVIEW_LIMIT } from '@/features/privilege-zones/api/privilege-zones';

/** The preview's objects, split: those the seeds name (source 1) and those expansion adds. */
export function splitPreview(members: readonly AssetGroupTagMember[]) {
  return {
    direct: members.filter((m) => m.source === MemberSource.Seed),
    expanded: members.filter((m) => m.source !== MemberSource.Seed),
  };
}

function PreviewList({ title, members, id }: { title: string; members: readonly AssetGroupTagMember[]; id: string }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="h3" id={id}>
        {title} ({formatCount(members.length)})
      </Typography>
      {members.length === 0 ? (
        <Typography color="text.secondary">None.</Typography>
      ) : (
        <Box sx={{ maxHeight: 240, overflowY: 'auto' }} tabIndex={0} role="region" aria-label={title}>
          <Table size="small" stickyHeader aria-labelledby={id}>
            <TableHead>
              <TableRow>
                <TableCell>Name</TableCell>
                <TableCell>Kind</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {members.map((m) => (
                <TableRow key={m.id}>
                  <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }} title={m.object_id}>
                    {m.name || m.object_id}
                  </TableCell>
                  <TableCell>{nodeKindLabel(m.primary_kind).label}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}

/** What the seeds select now (preview-selectors, up to 200 objects), direct and expanded apart. */
export function PreviewResults({
  query,
  requested,
  tagType,
}: {
  query: Pick<UseQueryResult<AssetGroupTagMember[]>, 'data' | 'error' | 'isError' | 'isPending' | 'isFetching'>;
  requested: boolean;
  tagType: AssetGroupTag['type'];
}) {
  if (!requested) return null;
  if (query.isPending) return <LoadingState label="Previewing…" />;
  if (query.isError)
    return (
      <Alert severity="error" role="alert">
        Preview failed: {describeError(query.error)}
      </Alert>
    );
  const members = query.data ?? [];
  const { direct, expanded } = splitPreview(members);
  const expansion =
    tagType === TagType.Zone
      ? 'Expanded: group members, what selected OUs and containers hold, and the OUs, GPOs and containers above them.'
      : tagType === TagType.Label
        ? 'Expanded: group members and what selected OUs and containers hold.'
        : 'Owned objects are not expanded.';
  return (
    <Box component="section" aria-label="Preview" sx={{ opacity: query.isFetching ? 0.6 : 1 }}>
      <Typography variant="body2" color="text.secondary" role="status">
        {members.length >= PREVIEW_LIMIT
          ? `A sample of ${formatCount(PREVIEW_LIMIT)} objects the rule selects now (there may be more).`
          : `The rule selects ${formatCount(members.length)} objects now.`}{' '}
        {expansion} Members change when analysis runs after saving.
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mt: 1 }}>
        <PreviewList title="Direct objects" members={direct} id="preview-direct" />
        <PreviewList title="Expanded objects" members={expanded} id="preview-expanded" />
      </Stack>
    </Box>
  );
}
