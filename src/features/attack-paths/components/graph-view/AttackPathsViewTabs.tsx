import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink } from 'react-router-dom';

/** The two views of Attack Paths, as a pair of tabs that are links: the one shown is the selected tab. */
export function AttackPathsViewTabs({ current }: { current: 'graph' | 'table' }) {
  return (
    <Tabs value={current} aria-label="Attack Paths views" sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
      <Tab
        value="graph"
        label="Graph view"
        component={RouterLink}
        to="/attack-paths"
        aria-current={current === 'graph' ? 'page' : undefined}
      />
      <Tab
        value="table"
        label="Table view"
        component={RouterLink}
        to="/attack-paths/table"
        aria-current={current === 'table' ? 'page' : undefined}
      />
    </Tabs>
  );
}
