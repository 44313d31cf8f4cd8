import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FirstPageIcon from '@mui/icons-material/FirstPage';
import KeyboardArrowLeftIcon from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import LastPageIcon from '@mui/icons-material/LastPage';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import type { RelatedList, RelatedListOperationId } from '@/api/schemas/related-lists';
import { relatedListCypher } from '@/api/related-list-cypher';
import { ErrorState, LoadingState } from '@/components/states';
import { formatCount } from '@/shared/count';
import { RELATED_PAGE_SIZE, useRelatedList } from './related-list';
import { CypherBlock } from './CypherBlock';

/**
 * One related list of a node as a collapsible section: its title and count in the header (the entity
 * information's count, else the list's own once read), and when open one page of the list (read only then)
 * whose rows select the object in place, "Show in graph" and the Cypher the list stands for.
 */
export function RelatedListSection({
  row,
  objectId,
  count,
  expanded,
  onExpand,
  onSelectNode,
  onShowInGraph,
  onOpenCypher,
}: {
  row: RelatedList;
  objectId: string;
  /** The entity information's count of the list, when it has one. */
  count: number | undefined;
  expanded: boolean;
  onExpand: (open: boolean) => void;
  onSelectNode: (objectId: string) => void;
  onShowInGraph: (cypher: string) => void;
  onOpenCypher: (cypher: string) => void;
}) {
  const id = useId();
  const operationId = row.operationId as RelatedListOperationId;
  const [skip, setSkip] = useState(0);
  const list = useRelatedList(operationId, objectId, skip, { enabled: expanded });
  const total = count ?? list.data?.count;
  const cypher = relatedListCypher(operationId, objectId);
  return (
    <Accordion
      expanded={expanded}
      onChange={(_, open) => onExpand(open)}
      disableGutters
      slotProps={{ transition: { unmountOnExit: true }, heading: { component: 'h3' } }}
      data-empty={total === 0 || undefined}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${id}-header`} aria-controls={`${id}-content`}>
        <Stack
          direction="row"
          sx={{
            width: '100%',
            alignItems: 'center',
            justifyContent: 'space-between',
            gap: 1,
            pr: 1,
            color: total === 0 ? 'text.secondary' : undefined,
          }}
        >
          <Box component="span">{row.title}</Box>
          <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', color: 'text.secondary' }}>
            {total === undefined ? '' : formatCount(total)}
          </Box>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${id}-content`}>
        <Stack spacing={1.5}>
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button
              size="small"
              variant="outlined"
              onClick={() => onShowInGraph(cypher)}
              aria-label={`Show in graph: ${row.title}`}
            >
              Show in graph
            </Button>
          </Stack>
          {list.isPending ? (
            <LoadingState label={`Loading ${row.title}…`} />
          ) : list.isError ? (
            <ErrorState error={list.error} title={`Could not load ${row.title}`} onRetry={() => void list.refetch()} />
          ) : list.data.data.length === 0 ? (
            <Typography color="text.secondary">{list.data.count === 0 ? 'None.' : 'None on this page.'}</Typography>
          ) : (
            <>
              <List dense aria-label={row.title} sx={{ py: 0, opacity: list.isPlaceholderData ? 0.6 : 1 }}>
                {list.data.data.map((entry) => (
                  <ListItem key={entry.objectID} disablePadding>
                    <ListItemButton onClick={() => onSelectNode(entry.objectID)}>
                      <ListItemText
                        primary={entry.name || entry.objectID}
                        secondary={entry.label || entry.kinds.find((k) => k !== 'Base')}
                        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                      />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
              <Pager
                label={`${row.title} pages`}
                skip={skip}
                count={list.data.count}
                loading={list.isPlaceholderData}
                onSkip={setSkip}
              />
            </>
          )}
          <CypherBlock cypher={cypher} what={row.title} onOpenCypher={onOpenCypher} />
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}

/** "11–20 of 34" and first / previous / next / last, ten rows a page. */
function Pager({
  label,
  skip,
  count,
  loading,
  onSkip,
}: {
  label: string;
  skip: number;
  count: number;
  loading: boolean;
  onSkip: (skip: number) => void;
}) {
  const last = Math.max(0, Math.ceil(count / RELATED_PAGE_SIZE) - 1) * RELATED_PAGE_SIZE;
  const button = (name: string, to: number, disabled: boolean, icon: ReactNode) => (
    <IconButton size="small" aria-label={name} title={name} disabled={disabled || loading} onClick={() => onSkip(to)}>
      {icon}
    </IconButton>
  );
  if (count <= RELATED_PAGE_SIZE && skip === 0) return null;
  return (
    <Box component="nav" aria-label={label} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5 }}>
      <Typography variant="body2" component="span" role="status" aria-live="polite" sx={{ mr: 1, whiteSpace: 'nowrap' }}>
        {loading
          ? 'Loading…'
          : `${formatCount(skip + 1)}–${formatCount(Math.min(count, skip + RELATED_PAGE_SIZE))} of ${formatCount(count)}`}
      </Typography>
      {button('First page', 0, skip === 0, <FirstPageIcon fontSize="small" />)}
      {button('Previous page', Math.max(0, skip - RELATED_PAGE_SIZE), skip === 0, <KeyboardArrowLeftIcon fontSize="small" />)}
      {button('Next page', skip + RELATED_PAGE_SIZE, skip >= last, <KeyboardArrowRightIcon fontSize="small" />)}
      {button('Last page', last, skip >= last, <LastPageIcon fontSize="small" />)}
    </Box>
  );
}
