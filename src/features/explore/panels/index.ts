export { EntityPanel, type EntityPanelProps } from './EntityPanel';
export { EdgePanel, type EdgePanelProps, type PanelEdge } from './EdgePanel';
