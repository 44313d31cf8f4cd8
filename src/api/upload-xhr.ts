import type { OutgoingRequest, RawResponse } from './client';
import { AbortedError, NetworkError, TimeoutError } from './errors';

/** A request with upload progress (bytes sent, total), which fetch cannot report; see apiRequest. */
export function sendWithXhr(
  { operation, method, write, url, headers, body, timeoutMs, signal }: OutgoingRequest,
  onProgress: (loaded: number, total: number) => void,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.timeout = timeoutMs;
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.onload = () =>
      resolve({
        status: xhr.status,
        headers: { get: (name) => xhr.getResponseHeader(name) },
        text: xhr.responseText,
      });
    xhr.onerror = () => reject(new NetworkError(operation, undefined, write));
    xhr.ontimeout = () => reject(new TimeoutError(operation, timeoutMs, write));
    xhr.onabort = () => reject(new AbortedError(operation));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((body ?? null) as XMLHttpRequestBodyInit | null);
  });
}
