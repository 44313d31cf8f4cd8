import Box from '@mui/material/Box';

/** How many characters at the end of an identifier always show: what tells ids of one domain apart (a SID's RID). */
const KEPT_END = 10;

/**
 * A long identifier cut in the middle when it does not fit ("S-1-5-21-3130…9446-1105"), so its end, where
 * ids of one domain differ, always shows. The whole id is in the title (on hover), is read by screen
 * readers, and is what a selection copies.
 */
export function MiddleCut({ text }: { text: string }) {
  if (text.length <= KEPT_END * 2) return <>{text}</>;
  const head = text.slice(0, -KEPT_END);
  const tail = text.slice(-KEPT_END);
  return (
    <Box component="span" title={text} sx={{ display: 'inline-flex', maxWidth: '100%', minWidth: 0, verticalAlign: 'bottom' }}>
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: '3ch' }}>
        {head}
      </Box>
      <Box component="span" sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
        {tail}
      </Box>
    </Box>
  );
}
