import CloseIcon from '@mui/icons-material/Close';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { nodeKindLabel } from '@/api/schemas/entities';
import { MemberSource, SeedType, type AssetGroupTag, type AssetGroupTagMember } from '@/api/schemas/privilege-zones';
import { PropertiesTable } from '@/components/properties/PropertiesTable';
import { ErrorState, LoadingState } from '@/components/states';
import { CellTag } from '@/components/table';
import { useTagMember } from '@/features/privilege-zones/api/privilege-zones';
import { entityPath } from '@/lib/entity-path';

/** How an object came in, in words. */
export function sourceLabel(source: number | undefined): string | null {
  if (source === MemberSource.Seed) return 'Direct (a rule selects it)';
  if (source === MemberSource.Child) return 'Expanded: inside a selected object';
  if (source === MemberSource.Parent) return 'Expanded: contains a selected object';
  return null;
}

/**
 * One object of a tag at the side of its page: kind, object id, domain, a link to its entity page where the console
 * has one, the rules that select it, and every property (read when it opens).
 */
export function MemberPanel({
  tag,
  member,
  onClose,
}: {
  tag: AssetGroupTag;
  member: AssetGroupTagMember | null;
  onClose: () => void;
}) {
  const headingId = useId();
  const detail = useTagMember(tag.id, member?.id ?? null);
  const shown = detail.data ?? member;
  const href = shown ? entityPath(shown.primary_kind, shown.object_id) : null;
  return (
    <Drawer
      anchor="right"
      open={member !== null}
      onClose={onClose}
      // Above the top bar, as a dialog is.
      sx={{ zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: 480, md: 560 }, p: 2 }, 'aria-labelledby': headingId, role: 'dialog' },
      }}
    >
      {shown && (
        <>
          <Stack direction="row" sx={{ alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, mb: 1 }}>
            <Typography variant="h2" id={headingId} sx={{ overflowWrap: 'anywhere' }}>
              {shown.name || shown.object_id}
            </Typography>
            <IconButton onClick={onClose} aria-label="Close details" edge="end">
              <CloseIcon />
            </IconButton>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <CellTag label={nodeKindLabel(shown.primary_kind).label} variant="outlined" />
            <CellTag label={tag.name} tone="primary" />
            {href && (
              <Link component={RouterLink} to={href}>
                Open its page
              </Link>
            )}
          </Stack>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            Object ID: <code>{shown.object_id}</code>
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', mb: 2 }}>
            Domain: <code>{shown.environment_id}</code>
          </Typography>
          {detail.isPending ? (
            <LoadingState label="Loading the object's details" />
          ) : detail.isError ? (
            <ErrorState title="Could not load this object" error={detail.error} onRetry={() => void detail.refetch()} />
          ) : (
            <>
              <Typography variant="h3" sx={{ mt: 1 }}>
                Selected by
              </Typography>
              {detail.data?.selectors?.length ? (
                <List dense aria-label="Rules that select it">
                  {detail.data.selectors.map((r) => (
                    <ListItem key={r.id} disableGutters>
                      <ListItemText
                        primary={r.name}
                        secondary={`${r.is_default ? 'Default' : 'Custom'} rule, by ${r.seeds[0]?.type === SeedType.Cypher ? 'Cypher' : 'object'}`}
                      />
                    </ListItem>
                  ))}
                </List>
              ) : (
                <Typography color="text.secondary" sx={{ mb: 2 }}>
                  {sourceLabel(shown.source) ?? 'No rule selects it directly: it came in by expansion.'}
                </Typography>
              )}
              <PropertiesTable props={detail.data?.properties ?? {}} />
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
