import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useTypedText } from './use-typed-text';

describe('useTypedText', () => {
  it('keeps what was typed when its own earlier writes come back late', () => {
    const { result, rerender } = renderHook(({ current }) => useTypedText(current), { initialProps: { current: '' } });
    act(() => {
      result.current.setText('a');
      result.current.wrote('a');
      result.current.setText('adm');
    });
    rerender({ current: 'a' }); // the URL catches up with the first write only
    expect(result.current.text).toBe('adm');
  });

  it('shows a change made elsewhere (back button, Clear filters)', () => {
    const { result, rerender } = renderHook(({ current }) => useTypedText(current), { initialProps: { current: 'x' } });
    act(() => result.current.setText('xy'));
    rerender({ current: '' });
    expect(result.current.text).toBe('');
  });
});
