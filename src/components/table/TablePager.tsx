import FirstPageIcon from '@mui/icons-material/FirstPage';
import KeyboardArrowLeftIcon from '@mui/icons-material/KeyboardArrowLeft';
import KeyboardArrowRightIcon from '@mui/icons-material/KeyboardArrowRight';
import LastPageIcon from '@mui/icons-material/LastPage';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatCount } from '@/shared/count';
import { ChoiceField } from './table-filters';
import { useTableContext } from './table-context';
import { PAGE_SIZES, pageCount } from './url-state';

/**
 * The one pager (of the table of the nearest TableProvider): rows per page, "26–50 of 64", page N of M, and first /
 * previous / next / last. Wraps onto two lines on a phone; never cut.
 */
export function TablePager({
  count,
  exact = true,
  label,
  noun,
}: {
  /** Null while the first answer loads. */
  count: number | null;
  /** False when the server gave no total: `count` is the rows seen so far and one more, the last page unknown. */
  exact?: boolean;
  /** Names the pager's navigation landmark ("User pages"). */
  label: string;
  /** Plural noun for "No users". */
  noun: string;
}) {
  const table = useTableContext();
  const { page, pageSize } = table.state;
  const pages = count === null ? 1 : pageCount(count, pageSize);
  const from = (page - 1) * pageSize + 1;
  const to = count === null ? 0 : Math.min(count, page * pageSize);
  const range =
    count === null
      ? 'Loading…'
      : count === 0
        ? `No ${noun}`
        : !exact
          ? `${formatCount(from)}–${formatCount(to)} of more than ${formatCount(to)}`
          : from > count
            ? `None of ${formatCount(count)}`
            : `${formatCount(from)}–${formatCount(to)} of ${formatCount(count)}`;
  const button = (name: string, target: (current: number) => number, disabled: boolean, icon: ReactNode) => (
    <IconButton aria-label={name} title={name} disabled={disabled || count === null} onClick={() => table.setPage(target)}>
      {icon}
    </IconButton>
  );
  return (
    <Box
      component="nav"
      aria-label={label}
      sx={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        flexWrap: 'wrap',
        columnGap: 2,
        rowGap: 1,
        px: 2,
        py: 1,
      }}
    >
      <ChoiceField
        label="Rows per page"
        sx={{ width: 120, flex: '0 0 auto' }}
        value={pageSize}
        onChange={(value) => table.setPageSize(Number(value))}
      >
        {PAGE_SIZES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </ChoiceField>
      <Typography variant="body2" component="span" role="status" aria-live="polite" sx={{ whiteSpace: 'nowrap' }}>
        {range}
      </Typography>
      <Typography variant="body2" component="span" color="textSecondary" sx={{ whiteSpace: 'nowrap' }}>
        Page {formatCount(Math.min(page, pages))}
        {exact ? ` of ${formatCount(pages)}` : ''}
      </Typography>
      <span>
        {button('First page', () => 1, page <= 1, <FirstPageIcon />)}
        {button('Previous page', (p) => Math.max(1, Math.min(p - 1, pages)), page <= 1, <KeyboardArrowLeftIcon />)}
        {button('Next page', (p) => Math.min(p + 1, pages), page >= pages, <KeyboardArrowRightIcon />)}
        {button('Last page', () => pages, page >= pages || !exact, <LastPageIcon />)}
      </span>
    </Box>
  );
}
