import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The findings' documentation is Markdown. It is shown as text: paragraphs, lists, `code`, and links
 * (`[text](url)` and bare addresses) for http and https addresses only, opened in a new tab. Nothing of it
 * becomes HTML, so a document cannot inject markup; emphasis marks are dropped.
 */

export type MarkdownBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; ordered: boolean; items: string[] };

const BULLET = /^\s*[-*+]\s+/;
const NUMBER = /^\s*\d+[.)]\s+/;

/** The blocks of a Markdown text: paragraphs (lines joined) and lists, split at blank lines and list items. */
export function markdownBlocks(markdown: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line === '') {
      endParagraph();
      continue;
    }
    const ordered = NUMBER.test(line);
    if (BULLET.test(line) || ordered) {
      endParagraph();
      const item = line.replace(ordered ? NUMBER : BULLET, '').trim();
      const last = blocks[blocks.length - 1];
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(item);
      else blocks.push({ kind: 'list', ordered, items: [item] });
      continue;
    }
    const last = blocks[blocks.length - 1];
    // A line right under a list item continues it.
    if (paragraph.length === 0 && last?.kind === 'list' && /^\s/.test(raw)) {
      last.items[last.items.length - 1] += ` ${line}`;
      continue;
    }
    paragraph.push(line.replace(/^#{1,6}\s+/, ''));
  }
  endParagraph();
  return blocks;
}

export type InlinePart =
  { kind: 'text'; text: string } | { kind: 'code'; text: string } | { kind: 'link'; text: string; href: string };

const INLINE = /\[([^\]]+)\]\(([^)\s]+)\)|`([^`]+)`|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/g;

/** A web address that may be a link (http or https), or null. */
export function safeHref(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const plainText = (s: string) =>
  s.replace(/(\*\*|__)(.+?)\1/g, '$2').replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, '$1$2');

/** One line of Markdown as text, code and links (a link to anything but http or https stays text). */
export function inlineParts(text: string): InlinePart[] {
  const parts: InlinePart[] = [];
  let at = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > at) parts.push({ kind: 'text', text: plainText(text.slice(at, m.index)) });
    if (m[1] !== undefined) {
      const href = safeHref(m[2]!);
      parts.push(href ? { kind: 'link', text: plainText(m[1]), href } : { kind: 'text', text: plainText(m[1]) });
    } else if (m[3] !== undefined) parts.push({ kind: 'code', text: m[3] });
    else {
      const href = safeHref(m[4]!);
      parts.push(href ? { kind: 'link', text: m[4]!, href } : { kind: 'text', text: m[4]! });
    }
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: plainText(text.slice(at)) });
  return parts;
}

export function InlineMarkdown({ text }: { text: string }) {
  return (
    <>
      {inlineParts(text).map((p, i): ReactNode => {
        if (p.kind === 'text') return p.text;
        if (p.kind === 'code')
          return (
            <Box key={i} component="code" sx={{ fontFamily: 'monospace', fontSize: '0.9em' }}>
              {p.text}
            </Box>
          );
        return (
          <Link key={i} href={p.href} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
            {p.text}
          </Link>
        );
      })}
    </>
  );
}

/** A Markdown document as paragraphs and lists of text with links. */
export function MarkdownText({ markdown }: { markdown: string }) {
  return (
    <>
      {markdownBlocks(markdown).map((b, i) =>
        b.kind === 'paragraph' ? (
          <Typography key={i} variant="body2" sx={{ mb: 1 }}>
            <InlineMarkdown text={b.text} />
          </Typography>
        ) : (
          <Box key={i} component={b.ordered ? 'ol' : 'ul'} sx={{ mt: 0, mb: 1, pl: 3 }}>
            {b.items.map((item, j) => (
              <Typography key={j} component="li" variant="body2">
                <InlineMarkdown text={item} />
              </Typography>
            ))}
          </Box>
        ),
      )}
    </>
  );
}
