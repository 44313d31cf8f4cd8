export { EntityPanel, type EntityPanelProps } from './EntityPanel';
