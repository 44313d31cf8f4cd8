import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The grid of a description list: labels in a column beside their values, stacked on narrow screens. */
const LIST_SX = {
  m: 0,
  display: 'grid',
  gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, 35%) 1fr' },
  columnGap: 2,
  rowGap: { xs: 0.5, sm: 1.25 },
} as const;

/**
 * A titled block of a detail page (a user, a SAML provider, a scheduled event): a description list of
 * `Field`s, or (`plain`) any content; `intro` goes under the title, `note` under the fields (a RestrictedNote).
 */
export function Section({
  title,
  intro,
  children,
  plain = false,
  note,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  plain?: boolean;
  note?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 2.5 }, height: '100%' }} component="section" aria-label={title}>
      <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {intro}
        </Typography>
      )}
      {plain ? children : <FieldList>{children}</FieldList>}
      {note}
    </Paper>
  );
}

/** A description list of `Field`s, outside a Section. */
export function FieldList({ children }: { children: ReactNode }) {
  return (
    <Box component="dl" sx={LIST_SX}>
      {children}
    </Box>
  );
}

/** One label and its value in a description list. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary" variant="body2" sx={{ fontWeight: 500, pt: { sm: 0.25 } }}>
        {label}
      </Typography>
      <Box component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, minWidth: 0, overflowWrap: 'anywhere', typography: 'body1' }}>
        {children}
      </Box>
    </>
  );
}

/** Label/value pairs as a description list. */
export function DetailList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <FieldList>
      {items.map((item) => (
        <Field key={item.label} label={item.label}>
          {item.value}
        </Field>
      ))}
    </FieldList>
  );
}

export function None({ text = 'None' }: { text?: string }) {
  return (
    <Typography component="span" color="text.secondary">
      {text}
    </Typography>
  );
}
