/** What the object pages (any node, a user node) share: the counts switch, the header, the kinds and the counts. */
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { nodeKindLabel } from '@/api/schemas/entities';
import { CopyButton } from '@/components/CopyButton';
import { KnownLabel } from '@/components/KnownLabel';
import { PageHeader } from '@/components/PageHeader';
import { Breakable } from '@/components/table';
import { CountsGrid } from './CountsGrid';

export const ENTITY_LIST = { label: 'Entity look-up', to: '/entities' };

/** Whether the counts are shown (`counts=false` in the address hides them), and the switch's setter. */
export function useCountsParam(): [boolean, (on: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const setCounts = (on: boolean) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (on) next.delete('counts');
      else next.set('counts', 'false');
      return next;
    });
  return [params.get('counts') !== 'false', setCounts];
}

/** The page's header: the node's name (or what the page is), its object id with a copy button, the counts switch. */
export function NodePageHeader({
  name,
  title,
  objectId,
  idOk,
  copyLabel,
  counts,
  onCounts,
}: {
  name: string | null;
  title: string;
  objectId: string;
  idOk: boolean;
  copyLabel: string;
  counts: boolean;
  onCounts: (on: boolean) => void;
}) {
  return (
    <PageHeader
      title={name ? <Breakable text={name} /> : title}
      crumbs={[ENTITY_LIST, { label: title }]}
      description={
        <Stack component="span" direction="row" sx={{ alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
          <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            {objectId}
          </Box>
          {idOk && <CopyButton value={objectId} label={copyLabel} />}
        </Stack>
      }
      actions={
        <FormControlLabel
          control={<Switch checked={counts} onChange={(e) => onCounts(e.target.checked)} disabled={!idOk} />}
          label="Show counts"
        />
      }
    />
  );
}

/** The node's kinds as chips, `primary` highlighted; a note when the server named none. */
export function KindsList({ kinds, primary }: { kinds: readonly string[]; primary?: string | null }) {
  if (kinds.length === 0)
    return <Typography color="text.secondary">The server did not say which kinds this node has.</Typography>;
  return (
    <Stack direction="row" component="ul" aria-label="Kinds" sx={{ gap: 1, flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}>
      {kinds.map((k) => (
        <li key={k}>
          <KnownLabel label={nodeKindLabel(k)} chip={k === primary ? { color: 'primary' } : {}} />
        </li>
      ))}
    </Stack>
  );
}

/** The counts section. */
export function CountsSection({ counts }: { counts: Parameters<typeof CountsGrid>[0]['counts'] }) {
  return (
    <Paper component="section" aria-labelledby="counts-heading" sx={{ p: 2 }}>
      <Typography variant="h2" id="counts-heading" gutterBottom>
        Counts
      </Typography>
      <CountsGrid counts={counts} />
    </Paper>
  );
}
