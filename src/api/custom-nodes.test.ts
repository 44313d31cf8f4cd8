import { describe, expect, it } from 'vitest';
import { customKindColors } from './custom-nodes';

const kind = (kindName: string, color?: string) => ({
  id: 1,
  kindName,
  config: { icon: { type: 'font-awesome', name: 'house', color } },
});

describe('customKindColors', () => {
  it('takes each valid hex colour, #RGB as #RRGGBB, and leaves out the rest', () => {
    const colors = customKindColors([
      kind('A', '#5fed83'),
      kind('B', '#abc'),
      kind('C', 'red'),
      kind('D'),
      kind('E', ' #123456 '),
    ]);
    expect([...colors]).toEqual([
      ['A', '#5FED83'],
      ['B', '#AABBCC'],
      ['E', '#123456'],
    ]);
    expect(customKindColors(undefined).size).toBe(0);
  });
});
