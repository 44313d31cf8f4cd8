import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InlineMarkdown, MarkdownText, safeHref } from './markdown';

describe('documentation Markdown', () => {
  it('shows paragraphs, lists and headings, a heading as a bold line rather than a heading', () => {
    const { container } = render(
      <MarkdownText markdown={'First line\ngoes on.\n\n- one\n- two\n\n1. a\n2. b\n\n## Abuse\n\nText **strong** and `code`.'} />,
    );
    expect(screen.getByText(/First line\s+goes on\./)).toBeInTheDocument();
    const [bullets, numbers] = screen.getAllByRole('list');
    expect(bullets!.tagName).toBe('UL');
    expect(
      within(bullets!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['one', 'two']);
    expect(numbers!.tagName).toBe('OL');
    expect(
      within(numbers!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['a', 'b']);
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.getByText('Abuse')).toBeInTheDocument();
    expect(container.querySelector('strong')).toHaveTextContent('strong');
    expect(container.querySelector('code')).toHaveTextContent('code');
  });

  it('links only web addresses, opened apart from the console', () => {
    render(
      <MarkdownText markdown={'See [the docs](https://example.com/a), [bad](javascript:alert(1)) and https://example.com/x.'} />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['the docs', 'https://example.com/a'],
      ['https://example.com/x', 'https://example.com/x'],
    ]);
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(screen.getByText('bad')).toBeInTheDocument();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('https://example.com/a b')).toBe('https://example.com/a%20b');
  });

  it('shows markup as text, never as HTML', () => {
    const { container } = render(
      <MarkdownText
        markdown={'<img src=x onerror=alert(1)> [site](https://example.com)\n\n<div><script>alert(1)</script></div>'}
      />,
    );
    expect(container.querySelector('img, script, div div')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(screen.getByRole('link', { name: 'site' })).toBeInTheDocument();
  });

  it('reads one line inline, as a reference', () => {
    render(<InlineMarkdown text={'[Upstream](https://bloodhound.specterops.io/) on `DCSync`'} />);
    expect(screen.getByRole('link', { name: 'Upstream' })).toHaveAttribute('href', 'https://bloodhound.specterops.io/');
    expect(screen.getByText('DCSync').tagName).toBe('CODE');
  });
});
