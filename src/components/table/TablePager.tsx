import { formatCount } from '@/shared/format';
import { FIRST_PAGE, KEYBOARD_ARROW_LEFT, KEYBOARD_ARROW_RIGHT, LAST_PAGE, PlainIconButton, PlainSelectField } from '../plain';
import type { TableController } from './use-table-state';
import { PAGE_SIZES, pageCount } from './url-state';

/**
 * The one pager: rows per page, "26–50 of 64", page N of M, and first /
 * previous / next / last. Wraps onto two lines on a phone; never cut.
 */
export function TablePager({
  table,
  count,
  label,
  noun,
}: {
  table: TableController;
  /** Null while the first answer loads. */
  count: number | null;
  /** Names the pager's navigation landmark ("User pages"). */
  label: string;
  /** Plural noun for "No users". */
  noun: string;
}) {
  const { page, pageSize } = table.state;
  const pages = count === null ? 1 : pageCount(count, pageSize);
  const from = (page - 1) * pageSize + 1;
  const to = count === null ? 0 : Math.min(count, page * pageSize);
  const range =
    count === null
      ? 'Loading…'
      : count === 0
        ? `No ${noun}`
        : from > count
          ? `None of ${formatCount(count)}`
          : `${formatCount(from)}–${formatCount(to)} of ${formatCount(count)}`;
  const button = (name: string, target: (current: number) => number, disabled: boolean, icon: string) => (
    <PlainIconButton label={name} icon={icon} disabled={disabled || count === null} onClick={() => table.setPage(target)} />
  );
  return (
    // Plain elements styled once (plain-styles.ts): every list page renders a pager on its first load.
    <nav aria-label={label} className="pager">
      <PlainSelectField
        label="Rows per page"
        width={120}
        value={pageSize}
        onChange={(e) => table.setPageSize(Number(e.target.value))}
      >
        {PAGE_SIZES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </PlainSelectField>
      <span role="status" aria-live="polite">
        {range}
      </span>
      <span className="muted">
        Page {formatCount(Math.min(page, pages))} of {formatCount(pages)}
      </span>
      <span>
        {button('First page', () => 1, page <= 1, FIRST_PAGE)}
        {button('Previous page', (p) => Math.max(1, Math.min(p - 1, pages)), page <= 1, KEYBOARD_ARROW_LEFT)}
        {button('Next page', (p) => Math.min(p + 1, pages), page >= pages, KEYBOARD_ARROW_RIGHT)}
        {button('Last page', () => pages, page >= pages, LAST_PAGE)}
      </span>
    </nav>
  );
}
