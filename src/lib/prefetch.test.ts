import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAGE_WAIT_MS, firstPageShown, prefetchOnEnter, setPrefetchClient } from './prefetch';

vi.mock('./session', () => ({ hasSessionToken: () => true }));

const args = {} as LoaderFunctionArgs;
/** A route's loader with a prefetch the test finishes when it likes. */
function route() {
  let finish!: () => void;
  const prefetch = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  const loader = prefetchOnEnter(prefetch).loader as (a: LoaderFunctionArgs) => unknown;
  return { prefetch, loader, finish: () => finish() };
}
/** Whether `value` (a promise or not) has settled after the pending jobs have run. */
async function settled(value: unknown): Promise<boolean> {
  let done = false;
  void Promise.resolve(value).then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

setPrefetchClient(new QueryClient());
afterEach(() => vi.useRealTimers());

// In this order: the first page of a visit, then every later navigation (firstPageShown is for the whole visit).
describe("a page's loader (prefetchOnEnter)", () => {
  it("on the visit's first page, waits for the page's first reads, so the page renders once with them", async () => {
    vi.useFakeTimers();
    const { prefetch, loader, finish } = route();
    const result = loader(args);
    expect(prefetch).toHaveBeenCalledOnce();
    expect(await settled(result)).toBe(false);
    finish();
    expect(await settled(result)).toBe(true);
    await expect(result).resolves.toBeNull();
  });

  it(`waits ${FIRST_PAGE_WAIT_MS} ms at most: a slower read leaves the page to show its loading state`, async () => {
    vi.useFakeTimers();
    const { loader } = route();
    const result = loader(args);
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_WAIT_MS - 1);
    expect(await settled(result)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(result)).toBe(true);
  });

  it('never waits once the first page has been shown: the reads start, the navigation goes on', () => {
    firstPageShown();
    const { prefetch, loader } = route();
    expect(loader(args)).toBeNull();
    expect(prefetch).toHaveBeenCalledOnce();
  });
});
