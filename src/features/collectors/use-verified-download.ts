import { useCallback, useEffect, useRef, useState } from 'react';
import { AbortedError } from '@/api/errors';
import { downloadAndVerify, type DownloadResult, type DownloadTarget } from './download';

export type DownloadState =
  | { phase: 'downloading'; target: DownloadTarget; loaded: number; total: number | null }
  | { phase: 'done'; target: DownloadTarget; result: DownloadResult }
  | { phase: 'failed'; target: DownloadTarget; error: unknown };

/**
 * One download at a time with its progress and outcome: `start` begins one (the previous outcome goes),
 * `cancel` stops it. Leaving the page stops it too.
 */
export function useVerifiedDownload() {
  const [state, setState] = useState<DownloadState | null>(null);
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(async (target: DownloadTarget) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'downloading', target, loaded: 0, total: null });
    try {
      const result = await downloadAndVerify(target, {
        signal: controller.signal,
        onProgress: (loaded, total) => {
          if (!controller.signal.aborted) setState({ phase: 'downloading', target, loaded, total });
        },
      });
      if (!controller.signal.aborted) setState({ phase: 'done', target, result });
    } catch (error) {
      if (controller.signal.aborted || error instanceof AbortedError) return;
      setState({ phase: 'failed', target, error });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }, []);

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setState(null);
  }, []);

  return { state, start, cancel };
}
