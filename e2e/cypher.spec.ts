import type { Page } from '@playwright/test';
import { apiToken, armFault, expect, signIn, test } from './fixtures';

/**
 * The Cypher page: pre-built and saved queries into the editor, Run (button, Ctrl+Enter, Shift+Enter), Cancel,
 * a refusal at its line and column, the answer's tables, a node's properties, how a post-processed relationship
 * is made, Save as, and `?saved=` / `?q=`.
 */
const FIRST_LOAD = { timeout: 30_000 };

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Cypher query' });

async function openPage(page: Page, path = '/cypher') {
  await signIn(page, 'admin', path);
  await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible(FIRST_LOAD);
  await expect(editorOf(page)).toBeVisible(FIRST_LOAD);
}

/**
 * Where a drawing (its screenshot, `width` CSS pixels wide) shows a relationship between two nodes: the first
 * grey pixel down the column midway between its leftmost and rightmost marks, where only the line runs.
 * The canvas is WebGL, so the point is read from the pixels.
 */
async function pointOnLine(page: Page, png: Buffer, width: number): Promise<{ x: number; y: number }> {
  return page.evaluate(
    async ({ data, cssWidth }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [image.width, image.height];
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data: pixels } = context.getImageData(0, 0, image.width, image.height);
      const grey = (x: number, y: number) => {
        const [r, g, b] = pixels.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3);
        return r! < 180 && Math.abs(r! - g!) < 16 && Math.abs(g! - b!) < 16;
      };
      // Columns with ink, apart from the toolbar at the right, bound the drawing.
      const inked = [...Array(Math.floor(image.width * 0.9)).keys()].filter((x) =>
        [...Array(image.height).keys()].some((y) => grey(x, y)),
      );
      const x = Math.round((inked[0]! + inked[inked.length - 1]!) / 2);
      const y = [...Array(image.height).keys()].find((row) => grey(x, row))!;
      const scale = cssWidth / image.width;
      return { x: x * scale, y: y * scale };
    },
    { data: png.toString('base64'), cssWidth: width },
  );
}

test.describe('Cypher page', () => {
  test('a pre-built query goes into the editor and runs: its nodes, relationships, graph and a node’s properties', async ({
    page,
  }) => {
    await openPage(page);
    await expect(page.getByText('No query run yet')).toBeVisible();
    // One search over the pre-built and the saved queries.
    const search = page.getByRole('searchbox', { name: 'Search queries' });
    await search.fill('map domain');
    await expect(page.getByRole('list', { name: 'Pre-built queries' }).getByRole('button')).toHaveText([
      /^Domain Information/,
      'Map domain trusts',
    ]);
    await search.fill('');
    await page.getByRole('list', { name: 'Pre-built queries' }).getByRole('button', { name: 'All Domain Admins' }).click();
    await expect(editorOf(page)).toContainText("t.objectid ENDS WITH '-512'");
    // Picking moves into the editor, where Ctrl+Enter runs it.
    await expect(editorOf(page)).toBeFocused();
    await page.keyboard.press('Control+Enter');

    const nodes = page.getByRole('table', { name: 'Nodes' });
    await expect(nodes.getByRole('rowheader').first()).toBeVisible();
    await expect(page.getByText(/^\d+ nodes, \d+ relationships$/)).toBeVisible();
    const admins = nodes.getByRole('row').filter({ hasText: 'DOMAIN ADMINS@CORP.ACME.LOCAL' });
    await expect(admins).toContainText('Group');
    await expect(admins).toContainText('Tier Zero');
    // Users link to their page in the console.
    await expect(nodes.getByRole('link', { name: 'ADMINISTRATOR@CORP.ACME.LOCAL' })).toHaveAttribute(
      'href',
      /^\/explore\?search=S-1-5-21-[\d-]+&selected=S-1-5-21-/,
    );

    await page.getByRole('tab', { name: /^Relationships \(\d+\)$/ }).click();
    const edges = page.getByRole('table', { name: 'Relationships' });
    await expect(edges.getByRole('row').filter({ hasText: 'MemberOf' }).first()).toBeVisible();
    await page.getByRole('tab', { name: 'Graph' }).click();
    await expect(page.getByRole('img', { name: /^Graph of \d+ nodes and \d+ relationships$/ })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Group');

    await page.getByRole('tab', { name: /^Nodes/ }).click();
    await nodes.getByRole('button', { name: 'Properties of DOMAIN ADMINS@CORP.ACME.LOCAL' }).click();
    const panel = page.getByRole('dialog', { name: 'DOMAIN ADMINS@CORP.ACME.LOCAL' });
    await expect(panel.getByRole('table', { name: 'Properties' })).toContainText('objectid');
    await panel.getByRole('button', { name: 'Close properties' }).click();
    await expect(panel).toBeHidden();
  });

  test('Ctrl+Enter and Shift+Enter run the query in the editor; a query that finds nothing shows an empty state', async ({
    page,
  }) => {
    await openPage(page);
    const editor = editorOf(page);
    await editor.fill("MATCH (n:User) WHERE n.name = 'NOBODY@NOWHERE' RETURN n");
    await editor.press('Control+Enter');
    await expect(page.getByText('The query found nothing in the graph.')).toBeVisible();

    await editor.fill('MATCH (n:Domain) RETURN n.name AS name ORDER BY name');
    await editor.press('Shift+Enter');
    const values = page.getByRole('table', { name: 'Values' });
    await expect(values.getByRole('rowheader', { name: 'name' }).first()).toBeVisible();
    await expect(values).toContainText('CORP.ACME.LOCAL');
    // Shift+Enter ran the query: the text has no new line.
    await expect(editor).toHaveText('MATCH (n:Domain) RETURN n.name AS name ORDER BY name');
  });

  test('a refused query is shown at its line and column, under the editor and in it', async ({ page }) => {
    await openPage(page);
    const editor = editorOf(page);
    await editor.fill('MATCH (n:User)\nMERGE (n)-[:Owns]->(n)\nRETURN n');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const message = page.getByRole('alert').filter({ hasText: /^Line 2, column 1: MERGE/ });
    await expect(message).toBeVisible();
    await expect(editor).toHaveAccessibleDescription(/Line 2, column 1: MERGE/);
    await expect(page.getByText('The query was refused')).toBeVisible();
    // The editor keeps what was typed.
    await expect(editor).toContainText('MERGE (n)-[:Owns]->(n)');
  });

  test('Cancel stops a running query', async ({ page }) => {
    await openPage(page);
    await armFault(page.request, { fault: 'delay=20000', path: '/api/v2/graphs/cypher$', method: 'POST', times: 1 });
    await editorOf(page).fill('MATCH (n:Domain) RETURN n');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const cancel = page.getByRole('button', { name: 'Cancel query' });
    await expect(cancel).toBeVisible();
    await expect(page.getByText('Running the query…')).toBeVisible();
    await cancel.click();
    await expect(page.getByText('The query was cancelled before it answered.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  });

  test('Save as keeps the query, which then shows among your saved queries and opens by its address', async ({ page }) => {
    await openPage(page, `/cypher?q=${encodeURIComponent('MATCH (n:Domain) RETURN n')}`);
    await expect(editorOf(page)).toHaveText('MATCH (n:Domain) RETURN n');
    await page.getByRole('button', { name: 'Save as…' }).click();
    const dialog = page.getByRole('dialog', { name: 'New saved query' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Every domain');
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Each domain of the directory.');
    await dialog.getByRole('button', { name: 'Save query' }).click();
    await expect(dialog).toBeHidden();
    const yours = page.getByRole('list', { name: 'Yours' });
    await expect(yours.getByRole('button', { name: /^Every domain/ })).toBeVisible();

    // Its address opens it in the editor and runs it.
    const token = await apiToken(page.request, 'admin');
    const list = await page.request.get('/api/v2/saved-queries?scope=owned&limit=1000', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const saved = ((await list.json()) as { data: { id: number; name: string }[] }).data.find((q) => q.name === 'Every domain')!;
    await page.goto(`/cypher?saved=${saved.id}`);
    await expect(editorOf(page)).toHaveText('MATCH (n:Domain) RETURN n', FIRST_LOAD);
    await expect(page.getByText('Saved query: Every domain')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Nodes' }).getByRole('rowheader').first()).toBeVisible();

    // Save changes the query you own.
    await editorOf(page).fill('MATCH (n:Domain) RETURN n LIMIT 1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved "Every domain".')).toBeVisible();
  });

  test('how a post-processed relationship is made: picked by keyboard from its row, and by a click in the graph', async ({
    page,
  }, info) => {
    const golden = "MATCH p = (:Computer)-[:GoldenCert]->(d:Domain) WHERE d.name = 'CORP.ACME.LOCAL' RETURN p";
    await openPage(page, `/cypher?q=${encodeURIComponent(golden)}`);
    await editorOf(page).press('Control+Enter');
    await expect(page.getByText('2 nodes, 1 relationship')).toBeVisible();
    await page.getByRole('tab', { name: /^Relationships/ }).click();
    const row = page.getByRole('table', { name: 'Relationships' }).getByRole('row').filter({ hasText: 'GoldenCert' });
    const how = row.getByRole('button', { name: 'How it is made: GoldenCert from SRV-CA01.CORP.ACME.LOCAL to CORP.ACME.LOCAL' });
    await how.focus();
    await page.keyboard.press('Enter');

    const panel = page.getByRole('dialog', { name: 'GoldenCert from SRV-CA01.CORP.ACME.LOCAL to CORP.ACME.LOCAL' });
    await expect(panel.getByRole('heading', { name: 'How this edge is made' })).toBeVisible();
    await expect(panel.getByText('6 nodes and 7 relationships make it.')).toBeVisible();
    await expect(panel.getByRole('img', { name: 'Graph of 6 nodes and 7 relationships' })).toBeVisible();
    const parts = panel.getByRole('table', { name: 'Relationships that make it' });
    // Both CAs below the root are signed by it.
    for (const [kind, count] of [
      ['HostsCAService', 1],
      ['IssuedSignedBy', 2],
      ['RootCAFor', 1],
      ['TrustedForNTAuth', 1],
      ['NTAuthStoreFor', 1],
    ] as const) {
      await expect(parts.getByRole('row').filter({ hasText: kind })).toHaveCount(count);
    }
    await page.screenshot({ path: info.outputPath('edge-composition.png') });
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(how).toBeFocused();

    // In the drawing of the answer, a click on its one relationship picks it.
    await page.getByRole('tab', { name: 'Graph' }).click();
    const drawing = page.getByRole('img', { name: 'Graph of 2 nodes and 1 relationship' });
    await expect(drawing).toBeVisible();
    await drawing.scrollIntoViewIfNeeded();
    const box = (await drawing.boundingBox())!;
    const at = await pointOnLine(page, await drawing.screenshot(), box.width);
    await page.mouse.click(box.x + at.x, box.y + at.y);
    await expect(panel.getByText('6 nodes and 7 relationships make it.')).toBeVisible();
  });

  test('an answer of a thousand nodes and relationships is paged and sorts at once', async ({ page }, info) => {
    // A graph larger than the seed's: the answer the service would give, with 1,000 nodes in a chain.
    const nodes: Record<string, object> = {};
    const edges: object[] = [];
    for (let i = 0; i < 1000; i++) {
      const name = `USER${String(i).padStart(4, '0')}@BIG.LOCAL`;
      nodes[String(i)] = {
        label: name,
        kind: 'User',
        kinds: ['Base', 'User'],
        objectId: `S-1-5-21-1-2-3-${10000 + i}`,
        isTierZero: i % 100 === 0,
        isOwnedObject: false,
        lastSeen: '2026-11-20T10:00:00Z',
      };
      if (i > 0)
        edges.push({
          source: String(i),
          target: String(i - 1),
          label: 'MemberOf',
          kind: 'MemberOf',
          lastSeen: '2026-11-20T10:00:00Z',
        });
    }
    await page.route('**/api/v2/graphs/cypher', (route) => route.fulfill({ json: { data: { nodes, edges, literals: [] } } }));
    await openPage(page);
    await editorOf(page).fill('MATCH p = (:User)-[:MemberOf*1..]->(:User) RETURN p');
    const started = Date.now();
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    const table = page.getByRole('table', { name: 'Nodes' });
    await expect(page.getByText('1,000 nodes, 999 relationships')).toBeVisible();
    await expect(table.getByRole('rowheader')).toHaveCount(25);
    const shown = Date.now() - started;
    const sortStarted = Date.now();
    await table.getByRole('columnheader', { name: /^Name/ }).getByRole('button').click();
    await table.getByRole('columnheader', { name: /^Name/ }).getByRole('button').click();
    await expect(table.getByRole('rowheader').first()).toHaveText('USER0999@BIG.LOCAL');
    const sorted = Date.now() - sortStarted;
    await expect(page.getByText('1–25 of 1,000')).toBeVisible();
    info.annotations.push({ type: 'timing', description: `1,000 nodes shown in ${shown} ms; sorted twice in ${sorted} ms` });
    console.log(`1,000 nodes shown in ${shown} ms; sorted twice in ${sorted} ms`);
  });
});
