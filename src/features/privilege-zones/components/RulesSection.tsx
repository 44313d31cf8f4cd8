import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatCount } from '@/shared/count';
import { plural } from '@/shared/words';
import { SeedType, TagType, type AssetGroupTag, type AssetGroupTagSelector } from '@/api/schemas/privilege-zones';
import { EmptyState, ErrorState, LoadingState } from '@/components/states';
import { tableSx } from '@/components/table/table-styles';
import { useSelectors } from '@/features/privilege-zones/api/privilege-zones';
import { AUTO_CERTIFY_LABELS, groupRules } from '@/features/privilege-zones/tag-text';

/** A rule's seeds in a few words: "Cypher" or "3 objects". */
export function seedsText(rule: Pick<AssetGroupTagSelector, 'seeds'>): string {
  if (rule.seeds[0]?.type === SeedType.Cypher) return 'Cypher';
  return plural(rule.seeds.length, 'object');
}

const GROUPS = [
  { key: 'custom', title: 'Custom rules', none: 'No custom rules: add one to select more objects.' },
  {
    key: 'default',
    title: 'Default rules',
    none: 'No default rules.',
    note: 'Default rules come with the service: they cannot be deleted or rewritten; their auto-certify can change, and most can be disabled.',
  },
  { key: 'disabled', title: 'Disabled rules', none: 'No disabled rules.', note: 'A disabled rule selects nothing.' },
] as const;

/** Groups of more rules than this start folded. */
const FOLDED_ABOVE = 10;

/**
 * A tag's rules in three folding groups (custom, default, disabled), each rule with its members; Edit and Delete
 * where allowed (a default rule is never deleted: the group's note says why).
 */
export function RulesSection({
  tag,
  canWrite,
  onEdit,
  onDelete,
}: {
  tag: AssetGroupTag;
  canWrite: boolean;
  onEdit: (rule: AssetGroupTagSelector) => void;
  onDelete: (rule: AssetGroupTagSelector) => void;
}) {
  const rules = useSelectors(tag.id);
  const zone = tag.type === TagType.Zone;
  if (rules.isPending) return <LoadingState label="Loading the rules" />;
  if (rules.isError)
    return <ErrorState title="Could not load the rules" error={rules.error} onRetry={() => void rules.refetch()} />;
  const groups = groupRules(rules.data);
  if (rules.data.length === 0)
    return (
      <EmptyState title={`${tag.name} has no rules`}>{canWrite ? 'Add a rule to select its objects.' : undefined}</EmptyState>
    );
  return (
    <Box component="section" aria-labelledby="tag-rules-heading">
      <Typography variant="h2" id="tag-rules-heading" sx={{ mb: 1 }}>
        Rules
      </Typography>
      {GROUPS.map((g) => {
        const list = groups[g.key];
        const headingId = `tag-rules-${g.key}`;
        return (
          <Accordion
            key={g.key}
            disableGutters
            variant="outlined"
            // A long list (Tier Zero's forty default rules) starts folded, so the objects stay in reach.
            defaultExpanded={list.length > 0 && list.length <= FOLDED_ABOVE}
          >
            <AccordionSummary expandIcon={<ExpandMoreIcon />} id={headingId} aria-controls={`${headingId}-panel`}>
              <Typography component="span" variant="h3">
                {g.title} ({formatCount(list.length)})
              </Typography>
            </AccordionSummary>
            <AccordionDetails id={`${headingId}-panel`} sx={{ pt: 0 }}>
              {'note' in g && list.length > 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                  {g.note}
                </Typography>
              )}
              {list.length === 0 ? (
                <Typography color="text.secondary">{g.none}</Typography>
              ) : (
                // The console's table look: on a phone each rule is a card, its actions inside the window.
                <Table size="small" aria-label={g.title} sx={tableSx}>
                  <TableHead>
                    <TableRow>
                      <TableCell>Name</TableCell>
                      <TableCell>Seeds</TableCell>
                      {zone && <TableCell>Auto-certify</TableCell>}
                      <TableCell align="right">Members</TableCell>
                      {canWrite && <TableCell align="right">Actions</TableCell>}
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {list.map((r) => (
                      <TableRow key={r.id}>
                        <TableCell component="th" scope="row" data-label="Name">
                          <div className="v">
                            {r.name}
                            {r.description && (
                              <Typography variant="body2" color="text.secondary">
                                {r.description}
                              </Typography>
                            )}
                          </div>
                        </TableCell>
                        <TableCell data-label="Seeds">
                          <div className="v">{seedsText(r)}</div>
                        </TableCell>
                        {zone && (
                          <TableCell data-label="Auto-certify">
                            <div className="v">{AUTO_CERTIFY_LABELS[r.auto_certify]}</div>
                          </TableCell>
                        )}
                        <TableCell className="right" data-label="Members">
                          <div className="v">{r.disabled_at ? '—' : formatCount(r.counts?.members ?? 0)}</div>
                        </TableCell>
                        {canWrite && (
                          <TableCell className="actions">
                            <Button size="small" onClick={() => onEdit(r)} aria-label={`Edit ${r.name}`}>
                              Edit
                            </Button>
                            {!r.is_default && (
                              <Button size="small" color="error" onClick={() => onDelete(r)} aria-label={`Delete ${r.name}`}>
                                Delete
                              </Button>
                            )}
                          </TableCell>
                        )}
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </AccordionDetails>
          </Accordion>
        );
      })}
    </Box>
  );
}
