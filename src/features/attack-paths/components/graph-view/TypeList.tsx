import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { plural } from '@/shared/words';
import { percent, SeverityTag, type TypeEntry } from './severity';

/**
 * The finding types found in the environment and zone, most severe first: each a link that picks it, with
 * its open findings and the highest severity, impact and exposure among them.
 */
export function TypeList({
  entries,
  selected,
  hrefOf,
}: {
  entries: readonly TypeEntry[];
  selected: string | null;
  hrefOf: (finding: string) => string;
}) {
  return (
    <Box component="nav" aria-label="Finding types">
      <List disablePadding>
        {entries.map((e) => {
          const s = e.summary;
          const current = e.finding === selected;
          return (
            <ListItem key={e.finding} disablePadding>
              <ListItemButton
                component={RouterLink}
                to={hrefOf(e.finding)}
                selected={current}
                aria-current={current ? 'true' : undefined}
                sx={{ alignItems: 'flex-start', gap: 1, borderBottom: 1, borderColor: 'divider' }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {e.title}
                  </Typography>
                  {s ? (
                    <Typography variant="caption" color="text.secondary" component="p">
                      {s.count === 0 ? 'No open findings' : plural(s.count, 'finding')}
                      {s.count > 0 && ` · Impact ${percent(s.impact)}`}
                      {s.count > 0 && s.exposure !== null && ` · Exposure ${percent(s.exposure)}`}
                    </Typography>
                  ) : (
                    <Skeleton width="60%" aria-label="Loading its findings" />
                  )}
                </Box>
                {s && s.count > 0 && (
                  <Box sx={{ flexShrink: 0, pt: 0.25 }}>
                    <SeverityTag severity={s.severity} />
                  </Box>
                )}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
