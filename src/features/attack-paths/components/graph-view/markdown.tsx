import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Lexer, type Token, type Tokens } from 'marked';
import type { ReactNode } from 'react';

/**
 * The findings' documentation is Markdown, read by marked's lexer and drawn here as React elements:
 * paragraphs, lists, headings (as bold lines, so they do not break the page's outline), code, quotes,
 * emphasis, and links for http and https addresses only, opened in a new tab. Nothing of it becomes HTML:
 * markup in a document (`<img onerror=…>`) shows as the text it is.
 */

/** A web address that may be a link (http or https), or null. */
export function safeHref(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const CODE_SX = { fontFamily: 'monospace', fontSize: '0.9em' } as const;

function inline(tokens: readonly Token[] | undefined): ReactNode[] {
  return (tokens ?? []).map((t, i) => inlineToken(t, i));
}

function inlineToken(token: Token, key: number): ReactNode {
  switch (token.type) {
    case 'strong':
      return <strong key={key}>{inline((token as Tokens.Strong).tokens)}</strong>;
    case 'em':
      return <em key={key}>{inline((token as Tokens.Em).tokens)}</em>;
    case 'del':
      return <del key={key}>{inline((token as Tokens.Del).tokens)}</del>;
    case 'codespan':
      return (
        <Box key={key} component="code" sx={CODE_SX}>
          {(token as Tokens.Codespan).text}
        </Box>
      );
    case 'br':
      return <br key={key} />;
    case 'link': {
      const link = token as Tokens.Link;
      const href = safeHref(link.href);
      if (!href) return <span key={key}>{inline(link.tokens)}</span>;
      return (
        <Link key={key} href={href} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
          {inline(link.tokens)}
        </Link>
      );
    }
    case 'image':
      return (token as Tokens.Image).text;
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? <span key={key}>{inline(text.tokens)}</span> : text.text;
    }
    default:
      // escape, html (shown as its text) and anything else: the text it stands for.
      return 'text' in token && typeof token.text === 'string' ? token.text : token.raw;
  }
}

function block(token: Token, key: number): ReactNode {
  switch (token.type) {
    case 'space':
      return null;
    case 'paragraph':
      return (
        <Typography key={key} variant="body2" sx={{ mb: 1 }}>
          {inline((token as Tokens.Paragraph).tokens)}
        </Typography>
      );
    case 'heading':
      return (
        <Typography key={key} variant="subtitle2" component="p" sx={{ mb: 0.5 }}>
          {inline((token as Tokens.Heading).tokens)}
        </Typography>
      );
    case 'list': {
      const list = token as Tokens.List;
      return (
        <Box key={key} component={list.ordered ? 'ol' : 'ul'} sx={{ mt: 0, mb: 1, pl: 3 }}>
          {list.items.map((item, j) => (
            <Typography key={j} component="li" variant="body2">
              {item.tokens.map((t, k) => (t.type === 'text' ? inlineToken(t, k) : block(t, k)))}
            </Typography>
          ))}
        </Box>
      );
    }
    case 'code':
      return (
        <Box key={key} component="pre" sx={{ ...CODE_SX, mt: 0, mb: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <code>{(token as Tokens.Code).text}</code>
        </Box>
      );
    case 'blockquote':
      return (
        <Box key={key} component="blockquote" sx={{ m: 0, mb: 1, pl: 1.5, borderLeft: 3, borderColor: 'divider' }}>
          {(token as Tokens.Blockquote).tokens.map(block)}
        </Box>
      );
    case 'hr':
      return <Divider key={key} sx={{ my: 1 }} />;
    case 'text': {
      const text = token as Tokens.Text;
      return (
        <Typography key={key} variant="body2" sx={{ mb: 1 }}>
          {text.tokens ? inline(text.tokens) : text.text}
        </Typography>
      );
    }
    default:
      // HTML blocks, tables and the rest: their source, as text.
      return (
        <Typography key={key} variant="body2" sx={{ mb: 1, whiteSpace: 'pre-wrap' }}>
          {token.raw.trim()}
        </Typography>
      );
  }
}

/** One line of Markdown (a reference): text, code and links. */
export function InlineMarkdown({ text }: { text: string }) {
  return <>{inline(Lexer.lexInline(text))}</>;
}

/** A Markdown document as paragraphs, lists and the rest, of text with links. */
export function MarkdownText({ markdown }: { markdown: string }) {
  return <>{Lexer.lex(markdown).map(block)}</>;
}
