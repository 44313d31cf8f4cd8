import { describe, expect, it } from 'vitest';
import { fieldLines, readExtensionFile } from './extension-file';

describe('readExtensionFile', () => {
  it('reads a schema for its preview', () => {
    const read = readExtensionFile(
      JSON.stringify({
        schema: { name: 'X', version: 'v1', namespace: 'X' },
        node_kinds: [{ name: 'X_A', icon: 'user', color: '#FFF', is_display_kind: true }],
      }),
    );
    expect(read.ok).toBe(true);
    if (read.ok) {
      expect(read.schema.node_kinds[0]).toMatchObject({ name: 'X_A', icon: 'user' });
      expect(read.schema.relationship_kinds).toEqual([]);
    }
  });

  it('names what is wrong: not JSON, or a field of the wrong type', () => {
    expect(readExtensionFile('{')).toMatchObject({ ok: false, errors: [{ field: 'file' }] });
    const bad = readExtensionFile(JSON.stringify({ node_kinds: [{ name: 'X_A', color: 'red' }] }));
    expect(bad).toMatchObject({ ok: false, errors: [{ field: 'node_kinds.0.color', message: expect.stringMatching(/hex/) }] });
  });

  it('writes refusals with their fields', () => {
    expect(fieldLines([{ context: 'schema.name', message: 'required' }, { message: 'other' }])).toEqual([
      'schema.name: required',
      'other',
    ]);
  });
});
