import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DateTime, RelativeTime } from './time';

describe('DateTime and RelativeTime', () => {
  // That a date never breaks over two lines is a layout check, in a browser: e2e/layout.spec.ts.
  it('render a <time> with the exact time at hand', () => {
    const { container } = render(
      <>
        <DateTime value="2026-11-22T17:16:00Z" />
        <DateTime value="2026-11-21T08:00:00Z" day />
        <RelativeTime value="2026-11-22T14:16:00Z" now="2026-11-22T17:16:00Z" />
        <DateTime value="0001-01-01T00:00:00Z" fallback="Never" />
      </>,
    );
    const times = container.querySelectorAll('time');
    expect([...times].map((t) => t.textContent)).toEqual(['22 Nov 2026, 17:16 UTC', '21 Nov 2026', '3 hours ago']);
    expect(times[0]).toHaveAttribute('datetime', '2026-11-22T17:16:00.000Z');
    expect(times[1]).toHaveAttribute('title', '21 Nov 2026, 08:00 UTC');
    expect(screen.getByText('Never')).toBeInTheDocument();
  });
});
