// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from './save-file';

describe('saveFile', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('downloads the text under the name and type given through a link it removes, and frees the URL later', async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    const revoke = vi.fn();
    vi.stubGlobal('URL', {
      ...URL,
      createObjectURL: (b: Blob) => (blobs.push(b), 'blob:file-1'),
      revokeObjectURL: revoke,
    });
    const clicked: { name: string; href: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ name: this.download, href: this.getAttribute('href')! });
    });
    try {
      saveFile('a,b\n1,2\n', 'audit.csv', 'text/csv;charset=utf-8');
      expect(clicked).toEqual([{ name: 'audit.csv', href: 'blob:file-1' }]);
      expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
      expect(document.querySelector('a[download]')).toBeNull();
      expect(revoke).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(revoke).toHaveBeenCalledWith('blob:file-1');
      vi.useRealTimers();
      const text = await new Promise((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result);
        reader.readAsText(blobs[0]!);
      });
      expect(text).toBe('a,b\n1,2\n');
    } finally {
      click.mockRestore();
    }
  });
});
