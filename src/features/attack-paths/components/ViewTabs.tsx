import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router-dom';

export type AttackPathsView = 'graph' | 'table';

/** The two views of Attack Paths, the one shown marked: the graph (/attack-paths) or one row per finding (/attack-paths/table). */
export function ViewTabs({ view }: { view: AttackPathsView }) {
  return (
    <Tabs value={view} aria-label="Attack Paths views" sx={{ mb: 2 }}>
      <Tab value="graph" label="Graph view" component={RouterLink} to="/attack-paths" />
      <Tab value="table" label="Table view" component={RouterLink} to="/attack-paths/table" />
    </Tabs>
  );
}
