import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Blob as NodeBlob } from 'node:buffer';
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MockServer } from '@/mock-server/app';
import { routeFetchTo, signInSession, TEST_ORIGIN, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import CollectorsPage from './CollectorsPage';

let mock: MockServer;
let restore: () => void;
/** The files the page saved through the browser's download, by name. */
let saved: Map<string, Blob>;
const originalUrl = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };

beforeEach(() => {
  // jsdom's Blob cannot give its bytes back (no arrayBuffer, no text); a browser's, like Node's, can.
  vi.stubGlobal('Blob', NodeBlob);
  mock = testMockServer();
  saved = new Map();
  const blobs = new Map<string, Blob>();
  URL.createObjectURL = (b: Blob) => {
    const url = `blob:${blobs.size}`;
    blobs.set(url, b);
    return url;
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.set(this.download, blobs.get(this.getAttribute('href')!)!);
  });
});
afterEach(() => {
  restore();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  URL.createObjectURL = originalUrl.create;
  URL.revokeObjectURL = originalUrl.revoke;
  sessionStorage.clear();
});

/** The mock's own answer to a GET, as bytes. */
async function mockBytes(path: string): Promise<Uint8Array> {
  const res = await mock.fetch(new Request(`${TEST_ORIGIN}${path}`, { headers: { Authorization: `Bearer ${token}` } }));
  return new Uint8Array(await res.arrayBuffer());
}
let token = '';

/**
 * Routes fetch to the mock, but answers the archive at `path` itself: its true bytes (changed by `corrupt`),
 * given out in two halves, the second only when `release()` is called.
 */
function holdArchive(path: string, corrupt = false) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const toMock = routeFetchTo(mock);
  const viaMock = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), TEST_ORIGIN);
    if (url.pathname !== path) return viaMock(input, init);
    const real = await viaMock(input, init);
    const bytes = new Uint8Array(await real.arrayBuffer());
    if (corrupt) bytes[bytes.length - 100]! ^= 0xff;
    const half = Math.floor(bytes.length / 2);
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes.slice(0, half));
        await released;
        controller.enqueue(bytes.slice(half));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: real.headers });
  }) as typeof fetch;
  restore = toMock;
  return { release: () => release() };
}

async function openPage(username = 'uploader') {
  token = await signInSession(mock, username);
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<CollectorsPage />, { path: '/download-collectors', routePath: '/download-collectors' });
  await screen.findByRole('table', { name: 'SharpHound releases' });
  return user;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('Download collectors page', () => {
  it('lists each collector’s releases, the latest and the deprecated one marked', async () => {
    restore = routeFetchTo(mock);
    await openPage();
    const sharp = screen.getByRole('table', { name: 'SharpHound releases' });
    const rows = within(sharp).getAllByRole('row').slice(1);
    expect(rows.length).toBe(4);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent(/^v2\.6\.3\s*Latest$/);
    expect(within(rows[3]!).getByRole('rowheader')).toHaveTextContent(/Deprecated$/);
    expect(within(rows[0]!).getByRole('button', { name: 'Download SharpHound v2.6.3' })).toBeEnabled();
    const azure = await screen.findByRole('table', { name: 'AzureHound releases' });
    expect(within(azure).getAllByText('Latest')).toHaveLength(1);
    // Enterprise: the kennel's files too.
    const kennel = await screen.findByRole('table', { name: 'Enterprise collector files' });
    expect(within(kennel).getByRole('rowheader', { name: 'sharphound-v2.6.3.zip' })).toBeInTheDocument();
  });

  it('shows a determinate progress while the archive arrives, saves it and says its checksum matches', async () => {
    const held = holdArchive('/api/v2/collectors/sharphound/v2.6.2');
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: 'Download SharpHound v2.6.2' }));

    const bar = await screen.findByRole('progressbar', { name: 'Download progress of sharphound-v2.6.2.zip' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    expect(screen.getByText(/Downloading sharphound-v2\.6\.2\.zip: .* of .* \(50%\)/)).toBeInTheDocument();
    // One download at a time in a collector's part.
    expect(screen.getByRole('button', { name: 'Download SharpHound v2.6.3' })).toBeDisabled();

    held.release();
    const outcome = await screen.findByRole('status', { name: 'SharpHound v2.6.2: Checksum matches' });
    const bytes = await mockBytes('/api/v2/collectors/sharphound/v2.6.2');
    const digest = sha256(bytes);
    expect(within(outcome).getAllByText(digest)).toHaveLength(2);
    expect(screen.queryByRole('progressbar', { name: /Download progress/ })).not.toBeInTheDocument();
    const file = saved.get('sharphound-v2.6.2.zip')!;
    expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(digest);
  });

  it('cancels a download under way: no file is saved, and every release can be downloaded again', async () => {
    holdArchive('/api/v2/collectors/sharphound/v2.5.13');
    const user = await openPage();
    await user.click(screen.getByRole('button', { name: 'Download SharpHound v2.5.13' }));
    await screen.findByRole('progressbar', { name: 'Download progress of sharphound-v2.5.13.zip' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('progressbar', { name: /Download progress/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download SharpHound v2.5.13' })).toBeEnabled();
    expect(screen.queryByRole('status', { name: /Checksum/ })).not.toBeInTheDocument();
    expect(saved.size).toBe(0);
  });

  it('says plainly when the downloaded bytes do not match the published checksum', async () => {
    const held = holdArchive('/api/v2/collectors/azurehound/v2.3.0', true);
    const user = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Download AzureHound v2.3.0' }));
    held.release();
    const outcome = await screen.findByRole('alert', {
      name: 'AzureHound v2.3.0: Checksum does NOT match — do not run this file',
    });
    const published = sha256(await mockBytes('/api/v2/collectors/azurehound/v2.3.0'));
    expect(within(outcome).getByText(published)).toBeInTheDocument();
    expect(within(outcome).getByText(/Delete it and download it again/)).toBeInTheDocument();
    expect(saved.has('azurehound-v2.3.0.zip')).toBe(true);
  });

  it('downloads a kennel file; when its checksum cannot be read, says the file is saved but not verified', async () => {
    const toMock = routeFetchTo(mock);
    const viaMock = globalThis.fetch;
    globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('.sha256')
        ? Promise.resolve(new Response('{"http_status":503,"errors":[]}', { status: 503 }))
        : viaMock(input, init)) as typeof fetch;
    restore = toMock;
    const user = await openPage();
    const kennel = await screen.findByRole('table', { name: 'Enterprise collector files' });
    await user.click(within(kennel).getByRole('button', { name: 'Download azurehound-v2.2.1.zip' }));
    const outcome = await screen.findByRole('status', { name: 'azurehound-v2.2.1.zip: Checksum not verified' });
    expect(outcome).toHaveTextContent(/Could not read the published checksum/);
    expect(
      within(outcome).getByText(sha256(await mockBytes('/api/v2/kennel/download/azurehound-v2.2.1.zip'))),
    ).toBeInTheDocument();
    expect(saved.has('azurehound-v2.2.1.zip')).toBe(true);
  });

  it('on a community server, offers the releases without the kennel', async () => {
    mock = testMockServer({ edition: 'community' });
    restore = routeFetchTo(mock);
    await openPage('reader');
    expect(await screen.findByRole('table', { name: 'AzureHound releases' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Enterprise collector files' })).not.toBeInTheDocument());
  });
});
