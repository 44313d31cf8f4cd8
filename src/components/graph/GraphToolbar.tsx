/**
 * The graph view's toolbar: the layout (Force or Hierarchical), labels on or off, layout again, collapse or
 * expand the large groups, find a node by name, export the answer (JSON) or the picture (PNG), and the table in
 * place of the drawing. Plain controls; the view holds the state.
 */
import { useId, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { formatCount } from '@/shared/count';
import type { LayoutKind } from './graph-layout';

export interface GraphToolbarProps {
  layout: LayoutKind;
  onLayout: (kind: LayoutKind) => void;
  labels: boolean;
  onLabels: (on: boolean) => void;
  onRelayout: () => void;
  /** Groups that collapse, and how many are collapsed now. */
  groups: number;
  collapsed: number;
  onCollapseAll: (collapse: boolean) => void;
  search: string;
  onSearch: (text: string) => void;
  /** Enter in the search box (Shift+Enter: back). */
  onSearchNext: (back: boolean) => void;
  /** The nodes found, and which of them is shown (0 for none yet). */
  found: number;
  current: number;
  onExportJson: () => void;
  onExportPng: () => void;
  table: boolean;
  onTable: (on: boolean) => void;
  /** Controls that need the drawing are off while it is not shown (table view). */
  drawing: boolean;
}

export function GraphToolbar(props: GraphToolbarProps) {
  const statusId = useId();
  const { drawing } = props;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    props.onSearchNext(event.shiftKey);
  };
  const status =
    props.search.trim() === ''
      ? ''
      : props.found === 0
        ? 'No node matches'
        : props.current > 0
          ? `${formatCount(props.current)} of ${formatCount(props.found)}`
          : `${formatCount(props.found)} found`;
  return (
    <Box
      role="toolbar"
      aria-label="Graph"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, '& .MuiButton-root': { whiteSpace: 'nowrap' } }}
    >
      <ToggleButtonGroup
        size="small"
        exclusive
        value={props.layout}
        aria-label="Layout"
        disabled={!drawing}
        onChange={(_, kind: LayoutKind | null) => kind && props.onLayout(kind)}
      >
        <ToggleButton value="force">Force</ToggleButton>
        <ToggleButton value="hierarchical">Hierarchical</ToggleButton>
      </ToggleButtonGroup>
      <ToggleButton
        size="small"
        value="labels"
        selected={props.labels}
        disabled={!drawing}
        onChange={() => props.onLabels(!props.labels)}
      >
        Labels
      </ToggleButton>
      <Button size="small" variant="outlined" disabled={!drawing} onClick={props.onRelayout}>
        Reset layout
      </Button>
      {props.groups > 0 && (
        <Button size="small" variant="outlined" onClick={() => props.onCollapseAll(props.collapsed === 0)}>
          {props.collapsed === 0 ? 'Collapse all' : 'Expand all'}
        </Button>
      )}
      <TextField
        size="small"
        label="Find in graph"
        value={props.search}
        disabled={!drawing}
        onChange={(event) => props.onSearch(event.target.value)}
        onKeyDown={onKeyDown}
        slotProps={{ htmlInput: { 'aria-describedby': statusId, type: 'search' } }}
        sx={{ width: 200 }}
      />
      <Typography id={statusId} role="status" variant="body2" color="text.secondary" sx={{ minWidth: 80 }}>
        {status}
      </Typography>
      <Box sx={{ flex: 1 }} />
      <Button size="small" variant="outlined" onClick={props.onExportJson}>
        Export JSON
      </Button>
      <Button size="small" variant="outlined" disabled={!drawing} onClick={props.onExportPng}>
        Export PNG
      </Button>
      <ToggleButton size="small" value="table" selected={props.table} onChange={() => props.onTable(!props.table)}>
        Table
      </ToggleButton>
    </Box>
  );
}
