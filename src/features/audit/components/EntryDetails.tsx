import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AuditLog } from '@/api/schemas/audit';
import { CopyableText } from '@/components/CopyButton';
import { Field, FieldList } from '@/components/detail-section';
import { DateTime } from '@/components/time';
import { actorLink, objectLinks, type KnownUser } from '@/features/audit/links';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: '0.85rem' } as const;
/** Deeper than this, a value shows as JSON. */
const MAX_DEPTH = 4;

function Muted({ children }: { children: ReactNode }) {
  return (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
      {children}
    </Typography>
  );
}

/** A nullable wrapper as the service writes it (`{"string": "x", "valid": true}`): its value, or undefined. */
function unwrap(value: Record<string, unknown>): { value: unknown } | undefined {
  const keys = Object.keys(value);
  if (keys.length !== 2 || typeof value.valid !== 'boolean') return undefined;
  const inner = keys.find((k) => k !== 'valid')!;
  return { value: value.valid ? value[inner] : null };
}

/** One value of `fields`, readable: text as it came (a redacted secret too), lists as lists, objects as nested lists. */
export function FieldValue({ value, depth = 0 }: { value: unknown; depth?: number }): ReactNode {
  if (value === null || value === undefined) return <Muted>null</Muted>;
  if (typeof value === 'string')
    return value === '' ? (
      <Muted>empty</Muted>
    ) : (
      <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
        {value}
      </Box>
    );
  if (typeof value === 'number' || typeof value === 'boolean')
    return (
      <Box component="span" sx={MONO}>
        {String(value)}
      </Box>
    );
  if (depth >= MAX_DEPTH)
    return (
      <Box component="code" sx={{ ...MONO, overflowWrap: 'anywhere' }}>
        {JSON.stringify(value)}
      </Box>
    );
  if (Array.isArray(value)) {
    if (value.length === 0) return <Muted>none</Muted>;
    return (
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {value.map((v, i) => (
          <li key={i}>
            <FieldValue value={v} depth={depth + 1} />
          </li>
        ))}
      </Box>
    );
  }
  if (typeof value === 'object') {
    const object = value as Record<string, unknown>;
    const wrapped = unwrap(object);
    if (wrapped) return <FieldValue value={wrapped.value} depth={depth} />;
    const entries = Object.entries(object);
    if (entries.length === 0) return <Muted>none</Muted>;
    return <FieldsList entries={entries} depth={depth + 1} />;
  }
  return String(value);
}

function FieldsList({ entries, depth }: { entries: [string, unknown][]; depth: number }) {
  return (
    <Box sx={depth > 0 ? { pl: 1.5, borderLeft: 2, borderColor: 'divider' } : undefined}>
      <FieldList>
        {entries.map(([key, value]) => (
          <Field key={key} label={key}>
            <FieldValue value={value} depth={depth} />
          </Field>
        ))}
      </FieldList>
    </Box>
  );
}

/**
 * An entry opened: the fields it recorded (a description list; nested values as nested lists; redacted
 * values as the service wrote them), the request and commit ids with copy buttons, and links to the
 * actor and the object where the console has a page.
 */
export function EntryDetails({ log, knownUser }: { log: AuditLog; knownUser?: KnownUser }) {
  const actor = actorLink(log, knownUser);
  const objects = objectLinks(log, knownUser);
  const fields = Object.entries(log.fields ?? {});
  return (
    <Box
      role="region"
      aria-label={`Details of entry ${log.id}`}
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' }, py: 1.5 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h3" component="h2" sx={{ fontSize: '1rem', mb: 1 }}>
          Fields
        </Typography>
        {fields.length === 0 ? <Muted>No fields recorded</Muted> : <FieldsList entries={fields} depth={0} />}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="h3" component="h2" sx={{ fontSize: '1rem', mb: 1 }}>
          Entry
        </Typography>
        <FieldList>
          <Field label="Time">
            <DateTime value={log.created_at} />
          </Field>
          <Field label="Actor">
            {actor ? (
              <Link component={RouterLink} to={actor.to} aria-label={actor.label}>
                {log.actor_name || log.actor_email || log.actor_id}
              </Link>
            ) : (
              log.actor_name || <Muted>unknown</Muted>
            )}
          </Field>
          {objects.length > 0 && (
            <Field label="Object">
              <Stack spacing={0.5}>
                {objects.map((o) => (
                  <Link key={o.to} component={RouterLink} to={o.to}>
                    {o.label}
                  </Link>
                ))}
              </Stack>
            </Field>
          )}
          <Field label="Request id">
            <CopyableText value={log.request_id} label="Copy the request id" empty={<Muted>none</Muted>} />
          </Field>
          <Field label="Commit id">
            <CopyableText value={log.commit_id} label="Copy the commit id" empty={<Muted>none</Muted>} />
          </Field>
          <Field label="Entry id">
            <Box component="span" sx={MONO}>
              {log.id}
            </Box>
          </Field>
        </FieldList>
      </Box>
    </Box>
  );
}
