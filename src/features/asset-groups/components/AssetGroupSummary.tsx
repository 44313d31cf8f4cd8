import { formatCount } from '@/shared/count';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import type { AssetGroup } from '@/api/schemas/asset-groups';
import { DateTime } from '@/components/time';
import { useCustomMemberCount } from '@/features/asset-groups/api/asset-group-selectors';

/** A fact of the summary; `wide` ones (dates) take a whole line on phones. */
function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <Grid size={{ xs: wide ? 12 : 6, sm: 6, md: 4, lg: 3 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Grid>
  );
}

/** Name, tag, system flag, counts and times (does not re-render when the member table's URL changes). */
export const AssetGroupSummary = memo(function AssetGroupSummary({ group }: { group: AssetGroup }) {
  return (
    <Paper component="section" aria-label="Summary" sx={{ p: 2, mb: 3 }}>
      <Grid container spacing={2} component="dl" sx={{ m: 0 }}>
        <Fact label="Name">{group.name}</Fact>
        <Fact label="Tag">
          <Box component="code">{group.tag}</Box>
        </Fact>
        <Fact label="System group">
          {group.system_group ? <Chip size="small" color="primary" variant="outlined" label="System" /> : 'No'}
        </Fact>
        <Fact label="Member count">{formatCount(group.member_count)}</Fact>
        <Fact label="Custom members">
          <CustomMemberCount id={group.id} />
        </Fact>
        <Fact label="Selectors">{group.selectors.length}</Fact>
        <Fact label="Created" wide>
          <DateTime value={group.created_at} />
        </Fact>
        <Fact label="Updated" wide>
          <DateTime value={group.updated_at} />
        </Fact>
        <Fact label="ID">{group.id}</Fact>
      </Grid>
    </Paper>
  );
});

/** How many members custom selectors bring in (its own request: the group's answer does not say). */
function CustomMemberCount({ id }: { id: number }) {
  const count = useCustomMemberCount(id);
  if (count.isPending)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        …
      </Box>
    );
  if (count.isError)
    return (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        Not known
      </Box>
    );
  return <>{formatCount(count.data)}</>;
}
