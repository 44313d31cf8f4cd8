import type { Page } from '@playwright/test';
import { expect, seededIds, signIn, test } from './fixtures';

/**
 * Every page at a small laptop's width (1024 px) and a phone's (390 px): the
 * page never scrolls sideways into blank space, no control of a table row
 * (its actions, its links) is cut off or hidden outside the table's frame, and
 * no date or time is broken over two lines.
 */
const WIDTHS = [1024, 390] as const;
const FIRST_LOAD = { timeout: 30_000 };

/**
 * What overflows: the page's sideways scroll, row controls outside their table's visible frame, and dates
 * and times broken over two lines (each reads as one: "22 Nov 2026, 17:16 UTC").
 */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const pageOverflow = document.documentElement.scrollWidth - width;
    const cut: string[] = [];
    for (const table of Array.from(document.querySelectorAll('main table'))) {
      // The frame the table is seen through: its nearest scrolling ancestor, or the viewport.
      let frame: HTMLElement | null = table.parentElement;
      while (frame && frame !== document.body && getComputedStyle(frame).overflowX === 'visible') frame = frame.parentElement;
      const box = frame && frame !== document.body ? frame.getBoundingClientRect() : { left: 0, right: width };
      const rows = Array.from(table.querySelectorAll('tbody tr')).slice(0, 5);
      for (const control of rows.flatMap((r) => Array.from(r.querySelectorAll('button, a, input[type="checkbox"]')))) {
        const r = control.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue; // not rendered (display: none)
        if (r.left < box.left - 1 || r.right > Math.min(box.right, width) + 1) {
          cut.push(
            `${table.getAttribute('aria-label') ?? 'table'}: ${control.getAttribute('aria-label') ?? control.textContent?.trim()}`,
          );
        }
      }
    }
    const wrapped = Array.from(document.querySelectorAll('main time')).filter((time) => {
      const text = document.createRange();
      text.selectNodeContents(time);
      return new Set(Array.from(text.getClientRects(), (line) => Math.round(line.top))).size > 1;
    });
    return { pageOverflow, cut, wrapped: wrapped.map((time) => time.textContent ?? '') };
  });
}

test.describe('layout at narrow widths', () => {
  for (const width of WIDTHS) {
    test(`every page at ${width} px: no sideways blank space, no cut row actions`, async ({ page, request }) => {
      test.setTimeout(180_000);
      const id = await seededIds(request);
      const pages: [string, string | RegExp][] = [
        ['/', /./],
        ['/data-quality', 'Data quality'],
        ['/users', 'Users'],
        [`/users/${id.user}`, /./],
        ['/roles', 'Roles'],
        ['/roles/1', /./],
        ['/sso-providers', 'SSO providers'],
        ['/sso-providers/saml/1', /./],
        ['/asset-groups', 'Asset groups'],
        [`/asset-groups/${id.group}`, /./],
        ['/entities', 'Entity look-up'],
        ...(id.computer ? [[`/entities/computers/${id.computer}`, /./] as [string, RegExp]] : []),
        ...(id.userNode ? [[`/entities/users/${id.userNode}`, /./] as [string, RegExp]] : []),
        ['/cypher', 'Cypher'],
        ['/events', 'Scheduled events'],
        ['/events/2', /./],
        ['/clients', 'Clients'],
        ...(id.task ? [[`/jobs/${id.task}`, /./] as [string, RegExp]] : []),
        ['/file-ingest', 'File ingest'],
        ['/download-collectors', 'Download collectors'],
        ['/configuration', 'Configuration'],
        ['/feature-flags', 'Feature flags'],
        ['/saved-queries', 'Saved queries'],
        ['/database', 'Database management'],
        ['/audit', 'Audit log'],
        ['/profile', 'My profile'],
      ];
      await page.setViewportSize({ width, height: 800 });
      await signIn(page, 'admin', '/');
      const problems: string[] = [];
      for (const [path, title] of pages) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: title }).first()).toBeVisible(FIRST_LOAD);
        // Data in: no spinner left in the main content.
        await expect(
          page
            .getByRole('main')
            .getByRole('status')
            .filter({ hasText: /^Loading/ }),
        ).toHaveCount(0, FIRST_LOAD);
        const { pageOverflow, cut, wrapped } = await overflow(page);
        if (pageOverflow > 1) problems.push(`${path}: the page scrolls ${pageOverflow} px sideways`);
        for (const c of cut) problems.push(`${path}: cut off: ${c}`);
        for (const time of wrapped) problems.push(`${path}: broken over two lines: ${time}`);
      }
      expect(problems).toEqual([]);
    });
  }
});
