/**
 * The Cypher editor: CodeMirror 6 with the Cypher mode of @codemirror/legacy-modes, completion of the graph's
 * kinds and of keywords, Run on Ctrl+Enter, Cmd+Enter or Shift+Enter, and a refusal marked where the service
 * says it is. Loaded on its own (React.lazy) with CodeMirror, so no other page pays for it.
 *
 * Tab is left to the browser (no indentWithTab), so the keyboard moves on past the editor as past any field.
 */
import {
  autocompletion,
  closeBrackets,
  closeBracketsKeymap,
  closeCompletion,
  completionKeymap,
  type CompletionSource,
} from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching, HighlightStyle, StreamLanguage, syntaxHighlighting } from '@codemirror/language';
import { cypher } from '@codemirror/legacy-modes/mode/cypher';
import { lintKeymap, setDiagnostics } from '@codemirror/lint';
import { Compartment, EditorState, Prec } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers, placeholder } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import Box from '@mui/material/Box';
import { useTheme, type Theme } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { completionContext } from '@/components/cypher/completion-context';
import { errorRange, type QueryErrorPosition } from '@/components/cypher/error-position';
import { CYPHER_FUNCTIONS, CYPHER_KEYWORDS } from '@/components/cypher/keywords';

export interface CypherEditorProps {
  value: string;
  onChange: (text: string) => void;
  /** Ctrl+Enter, Cmd+Enter or Shift+Enter. */
  onRun: () => void;
  /** The graph's node and relationship kinds, offered after `:` in a pattern. */
  kinds: { node: readonly string[]; edge: readonly string[] };
  /** The service's refusal of the last run, marked at its line and column. */
  error: QueryErrorPosition | null;
  /** Id of the visible label naming the editor. */
  labelledBy: string;
  /** Id of the text describing it (how to run, the refusal). */
  describedBy?: string;
  /** Each new value (above 0) moves the keyboard focus into the editor: a query was picked from the list. */
  focusRequest?: number;
}

/**
 * Colours of the Cypher mode's tokens, AA on the theme's paper in either scheme: CSS variables set on the
 * editor's frame (TOKEN_COLOURS), the dark ones under the theme's own dark-scheme selector, so they switch
 * in the same style change as the rest of the page.
 */
const highlightStyle = HighlightStyle.define([
  { tag: tags.keyword, color: 'var(--cypher-keyword)', fontWeight: 600 },
  { tag: tags.definition(tags.variableName), color: 'var(--cypher-keyword)' },
  { tag: tags.atom, color: 'var(--cypher-label)' },
  { tag: tags.string, color: 'var(--cypher-string)' },
  { tag: tags.standard(tags.variableName), color: 'var(--cypher-function)' },
  { tag: tags.comment, color: 'var(--cypher-comment)', fontStyle: 'italic' },
]);

const TOKEN_COLOURS: Record<'light' | 'dark', Record<`--${string}`, string>> = {
  light: {
    '--cypher-keyword': '#7b1fa2',
    '--cypher-label': '#00695c',
    '--cypher-string': '#a31515',
    '--cypher-function': '#0d47a1',
    '--cypher-comment': '#5f6368',
  },
  dark: {
    '--cypher-keyword': '#e1a6f0',
    '--cypher-label': '#80cbc4',
    '--cypher-string': '#ffab91',
    '--cypher-function': '#90caf9',
    '--cypher-comment': '#b0b0b0',
  },
};

/**
 * The editor's frame in the console's theme (its CSS variables, so either scheme): font, colours and the 2 px
 * focus ring every control has.
 */
function editorTheme(theme: Theme) {
  const { palette, shape } = theme.vars ?? theme;
  return [
    EditorView.theme({
      '&': {
        color: palette.text.primary,
        backgroundColor: palette.background.paper,
        border: `1px solid ${palette.divider}`,
        borderRadius: typeof shape.borderRadius === 'number' ? `${shape.borderRadius}px` : shape.borderRadius,
        fontSize: '0.875rem',
      },
      '&.cm-focused': { outline: `2px solid ${palette.primary.main}`, outlineOffset: '1px' },
      '.cm-content': { fontFamily: 'monospace', minHeight: '8.5em', caretColor: palette.text.primary },
      '.cm-cursor, .cm-dropCursor': { borderLeftColor: palette.text.primary },
      '.cm-scroller': { maxHeight: '22em', overflow: 'auto', lineHeight: 1.6 },
      '.cm-gutters': {
        backgroundColor: palette.action.hover,
        color: palette.text.secondary,
        borderRight: `1px solid ${palette.divider}`,
      },
      '.cm-activeLine': { backgroundColor: palette.action.hover },
      '.cm-placeholder': { color: palette.text.secondary },
      '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground': {
        backgroundColor: palette.action.selected,
      },
      '.cm-tooltip': {
        backgroundColor: palette.background.paper,
        color: palette.text.primary,
        border: `1px solid ${palette.divider}`,
      },
      '.cm-tooltip-autocomplete ul li[aria-selected]': {
        backgroundColor: palette.primary.main,
        color: palette.primary.contrastText,
      },
      '.cm-completionDetail': { color: 'inherit', opacity: 1, fontStyle: 'normal', marginLeft: '1em' },
    }),
    syntaxHighlighting(highlightStyle),
  ];
}

/** Kinds after `:` in a pattern, keywords and functions elsewhere. */
function completionSource(kinds: { current: CypherEditorProps['kinds'] }): CompletionSource {
  const words = [
    ...CYPHER_KEYWORDS.map((label) => ({ label, type: 'keyword' })),
    ...CYPHER_FUNCTIONS.map((label) => ({ label, type: 'function', apply: `${label}(` })),
  ];
  return (context) => {
    const line = context.state.doc.lineAt(context.pos);
    const before = context.state.sliceDoc(Math.max(0, line.from - 2000), context.pos);
    const at = completionContext(before);
    if (!at) return context.explicit ? { from: context.pos, options: words } : null;
    const from = context.pos - (before.length - at.from);
    if (at.kind === 'word') return { from, options: words, validFor: /^\w*$/ };
    const list = at.kind === 'node' ? kinds.current.node : kinds.current.edge;
    const detail = at.kind === 'node' ? 'node kind' : 'relationship kind';
    return { from, options: list.map((label) => ({ label, type: 'type', detail })), validFor: /^\w*$/ };
  };
}

export default function CypherEditor({
  value,
  onChange,
  onRun,
  kinds,
  error,
  labelledBy,
  describedBy,
  focusRequest = 0,
}: CypherEditorProps) {
  const theme = useTheme();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const themeSlot = useRef(new Compartment());
  const attributesSlot = useRef(new Compartment());
  // The latest callbacks and kinds, read by the editor's extensions (created once).
  const latest = useRef({ onChange, onRun });
  const kindsRef = useRef(kinds);
  useEffect(() => {
    latest.current = { onChange, onRun };
    kindsRef.current = kinds;
  });

  useEffect(() => {
    // Running closes an open completion list, so it does not stay over the query and its answer.
    const run = (editor: EditorView) => {
      closeCompletion(editor);
      latest.current.onRun();
      return true;
    };
    const editor = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          Prec.highest(
            keymap.of([
              { key: 'Mod-Enter', run },
              { key: 'Ctrl-Enter', run },
              { key: 'Shift-Enter', run },
            ]),
          ),
          lineNumbers(),
          history(),
          drawSelection(),
          highlightActiveLine(),
          bracketMatching(),
          closeBrackets(),
          EditorView.lineWrapping,
          StreamLanguage.define(cypher),
          autocompletion({ override: [completionSource(kindsRef)] }),
          keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap]),
          placeholder('MATCH (n:User) RETURN n LIMIT 25'),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
          attributesSlot.current.of([]),
          themeSlot.current.of([]),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // Created once; the text, theme, names and diagnostics follow in the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    view.current?.dispatch({ effects: themeSlot.current.reconfigure(editorTheme(theme)) });
  }, [theme]);

  useEffect(() => {
    view.current?.dispatch({
      effects: attributesSlot.current.reconfigure(
        EditorView.contentAttributes.of({
          'aria-labelledby': labelledBy,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          spellcheck: 'false',
          autocapitalize: 'off',
          autocorrect: 'off',
        }),
      ),
    });
  }, [labelledBy, describedBy]);

  // A text put in from outside (a query picked from the list): replace the editor's.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value }, selection: { anchor: value.length } });
  }, [value]);

  useEffect(() => {
    if (focusRequest > 0) view.current?.focus();
  }, [focusRequest]);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    const text = editor.state.doc.toString();
    const diagnostics = error ? [{ ...errorRange(text, error), severity: 'error' as const, message: error.message }] : [];
    editor.dispatch(setDiagnostics(editor.state, diagnostics));
  }, [error]);

  return (
    <Box
      ref={host}
      sx={(t) => ({ ...TOKEN_COLOURS.light, ...t.applyStyles('dark', TOKEN_COLOURS.dark), '& .cm-editor': { width: '100%' } })}
    />
  );
}
