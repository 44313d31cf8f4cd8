import type { Page } from '@playwright/test';
import { expect, seededIds, shownHeading, signIn, test } from './fixtures';

/**
 * Every page at a small laptop's width (1024 px) and a phone's (390 px): the
 * page never scrolls sideways into blank space, no control of a table row
 * (its actions, its links) is cut off or hidden outside the table's frame, and
 * no date or time is broken over two lines. At 1024 px each page is opened by
 * its address, and names itself in the tab: "Users · Admin Console", a page
 * about one item its name and its list, "Ann Smith · Users · Admin Console"
 * (e2e/titles.spec.ts checks the titles of pages reached inside the console).
 */
const APP = 'Admin Console';

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

/**
 * The pages: [address, the list it belongs to (for a page about one item)]; the rest of its tab title is its
 * heading. The data-quality page's title names the domain it shows, so it is matched apart.
 */
async function everyPage(request: Parameters<typeof seededIds>[0]): Promise<[string, string?][]> {
  const id = await seededIds(request);
  return [
    ['/'],
    ['/attack-paths'],
    ['/attack-paths/table'],
    ['/posture'],
    ['/data-quality'],
    ['/users'],
    [`/users/${id.user}`, 'Users'],
    ['/roles'],
    ['/roles/1', 'Roles'],
    ['/sso-providers'],
    ['/sso-providers/saml/1', 'SSO providers'],
    ['/privilege-zones'],
    ['/privilege-zones/labels'],
    ['/privilege-zones/1', 'Privilege Zones'],
    ['/privilege-zones/certification'],
    ['/privilege-zones/history'],
    ['/asset-groups'],
    [`/asset-groups/${id.group}`, 'Asset groups'],
    ['/entities'],
    ['/explore'],
    [`/explore?search=${id.userNode}&selected=${id.userNode}`],
    [`/explore?start=${id.userNode}&end=${id.computer}&tab=pathfinding`],
    ['/explore?tab=cypher'],
    ['/events'],
    ['/events/2', 'Scheduled events'],
    ['/clients'],
    [`/clients/${id.client}`, 'Clients'],
    [`/jobs/${id.task}`, 'Clients'],
    ['/file-ingest'],
    ['/download-collectors'],
    ['/configuration'],
    ['/feature-flags'],
    ['/node-kinds'],
    ['/opengraph'],
    ['/saved-queries'],
    ['/database'],
    ['/audit'],
    ['/profile'],
    ['/account/password'],
    ['/no-such-page'],
  ];
}

/** What is wrong with the layout of the page shown, each prefixed with its address. */
async function layoutProblems(page: Page, path: string): Promise<string[]> {
  const { pageOverflow, cut, wrapped } = await overflow(page);
  return [
    ...(pageOverflow > 1 ? [`${path}: the page scrolls ${pageOverflow} px sideways`] : []),
    ...cut.map((c) => `${path}: cut off: ${c}`),
    ...wrapped.map((time) => `${path}: broken over two lines: ${time}`),
  ];
}

test.describe('layout at narrow widths', () => {
  test('every page at 1024 px, opened by its address: its tab title, no sideways blank space, no cut row actions', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const pages = await everyPage(request);
    await page.setViewportSize({ width: 1024, height: 800 });
    await signIn(page, 'admin', '/');
    const problems: string[] = [];
    for (const [path, list] of pages) {
      await page.goto(path);
      const name = await shownHeading(page);
      if (path === '/data-quality') await expect(page, path).toHaveTitle(/^[A-Z0-9.-]+ · Data quality · Admin Console$/);
      else await expect(page, path).toHaveTitle([name, list, APP].filter(Boolean).join(' · '));
      problems.push(...(await layoutProblems(page, path)));
    }
    expect(problems).toEqual([]);
  });

  test('every page at 390 px: no sideways blank space, no cut row actions', async ({ page, request }) => {
    test.setTimeout(180_000);
    const pages = await everyPage(request);
    await page.setViewportSize({ width: 390, height: 800 });
    await signIn(page, 'admin', '/');
    const problems: string[] = [];
    for (const [path] of pages) {
      await page.goto(path);
      await shownHeading(page);
      problems.push(...(await layoutProblems(page, path)));
    }
    expect(problems).toEqual([]);
  });
});
