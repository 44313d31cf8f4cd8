import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inlineParts, markdownBlocks, MarkdownText, safeHref } from './markdown';

describe('documentation Markdown', () => {
  it('splits paragraphs and lists', () => {
    expect(markdownBlocks('First line\ngoes on.\n\n- one\n- two\n\n1. a\n2. b\n\n## Heading')).toEqual([
      { kind: 'paragraph', text: 'First line goes on.' },
      { kind: 'list', ordered: false, items: ['one', 'two'] },
      { kind: 'list', ordered: true, items: ['a', 'b'] },
      { kind: 'paragraph', text: 'Heading' },
    ]);
  });

  it('links only web addresses, and drops emphasis', () => {
    expect(inlineParts('See [the docs](https://example.com/a) and **this**.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'the docs', href: 'https://example.com/a' },
      { kind: 'text', text: ' and this.' },
    ]);
    expect(inlineParts('[bad](javascript:alert(1))')[0]).toMatchObject({ kind: 'text' });
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(inlineParts('Read https://example.com/x.')).toEqual([
      { kind: 'text', text: 'Read ' },
      { kind: 'link', text: 'https://example.com/x', href: 'https://example.com/x' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('renders markup as text, never as HTML', () => {
    const { container } = render(<MarkdownText markdown={'<img src=x onerror=alert(1)> [site](https://example.com)'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText(/<img src=x/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'site' })).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
