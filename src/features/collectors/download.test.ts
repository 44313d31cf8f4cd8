import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checksumOf } from '@/api/schemas/collectors';
import { sha256Hex, verify } from './download';

const HEX = 'ab'.repeat(32);

describe('checksumOf', () => {
  it('reads the SHA-256 of a sha256sum line, or a bare one, in lower case', () => {
    expect(checksumOf(`${HEX}  sharphound-v2.6.3.zip\n`)).toBe(HEX);
    expect(checksumOf(`${HEX.toUpperCase()}\n`)).toBe(HEX);
  });

  it('finds none in text that does not start with 64 hex digits', () => {
    expect(checksumOf('')).toBeNull();
    expect(checksumOf(`${HEX}ff  file.zip`)).toBeNull();
    expect(checksumOf('<html>Not found</html>')).toBeNull();
  });
});

describe('verify', () => {
  it('matches equal digests, and refuses different ones', () => {
    expect(verify(HEX, HEX)).toEqual({ kind: 'match' });
    expect(verify(HEX, 'cd'.repeat(32))).toEqual({ kind: 'mismatch' });
  });

  it('says why it could not compare: no published checksum, or none computed', () => {
    expect(verify({ problem: 'The server publishes no checksum for this file.' }, HEX)).toEqual({
      kind: 'unverified',
      reason: 'The server publishes no checksum for this file.',
    });
    expect(verify(HEX, null)).toMatchObject({ kind: 'unverified', reason: expect.stringContaining('HTTPS') });
  });
});

describe('sha256Hex', () => {
  it('is the SHA-256 of the blob’s bytes', async () => {
    const bytes = new TextEncoder().encode('SharpHound v2.6.3');
    expect(await sha256Hex(new Blob([bytes]))).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});
