import { useTheme, type Theme } from '@mui/material/styles';
import { useInsertionEffect } from 'react';

/**
 * The style sheet of the plain controls (PlainField, PlainIconButton, the table's sort buttons and pager, the
 * page header and the filter bar): plain elements that look like MUI's small outlined TextField, IconButton,
 * TableSortLabel, Typography and Stack, in both colour
 * schemes, because their colours are the theme's CSS variables. It is written into the document once, the
 * first time one of them mounts, where each MUI component is a styled component whose styles emotion
 * serializes and hashes on every render: on a list page's first load the filter bar, the column headers and
 * the pager were about a third of the render (README, "Time to the first page").
 */
export function plainControlsCss(theme: Theme): string {
  const v = (theme.vars ?? theme) as Theme['vars'] & Theme;
  const p = v.palette;
  const channel = (v.palette.common as { onBackgroundChannel?: string }).onBackgroundChannel;
  const outline = channel ? `rgba(${channel} / 0.23)` : 'rgba(0, 0, 0, 0.23)';
  const font = theme.typography.fontFamily;
  const radius = `${theme.shape.borderRadius}px`;
  const sm = `@media (min-width:${theme.breakpoints.values.sm}px)`;
  const type = (v: 'h1' | 'body1' | 'body2') => {
    const t = theme.typography[v];
    return `font-family:${t.fontFamily};font-weight:${t.fontWeight};font-size:${t.fontSize};line-height:${t.lineHeight}${t.letterSpacing ? `;letter-spacing:${t.letterSpacing}` : ''}`;
  };
  return `
.pf{display:inline-flex;flex-direction:column;position:relative;min-width:0;margin:0;padding:0;border:0;vertical-align:top;font-family:${font}}
.pf{width:var(--pf-width,100%)}
@media (max-width:${theme.breakpoints.values.sm - 0.05}px){.pf.phone-full{width:100%}}
.pf>label{position:absolute;left:0;top:0;z-index:1;transform:translate(14px,-9px) scale(0.75);transform-origin:top left;max-width:calc(133% - 32px);overflow:hidden;white-space:nowrap;text-overflow:ellipsis;font-size:1rem;font-weight:400;line-height:1.4375em;color:${p.text.secondary};user-select:none}
.pf>label{transition:color 200ms cubic-bezier(0,0,0.2,1),transform 200ms cubic-bezier(0,0,0.2,1),max-width 200ms cubic-bezier(0,0,0.2,1)}
.pf.float:not(:focus-within):has(>.box>input:placeholder-shown)>label{transform:translate(14px,9px) scale(1);max-width:calc(100% - 24px)}
.pf.float:not(:focus-within)>.box>input:placeholder-shown::placeholder{opacity:0}
.pf.float:not(:focus-within):has(>.box>input:placeholder-shown)>.box legend{max-width:0.01px;transition:max-width 50ms cubic-bezier(0,0,0.2,1)}
.pf legend{transition:max-width 100ms cubic-bezier(0,0,0.2,1) 50ms}
@media (prefers-reduced-motion:reduce){.pf>label,.pf legend{transition:none}}
.pf:focus-within>label{color:${p.primary.main}}
.pf.error>label{color:${p.error.main}}
.pf>.box{position:relative;display:flex;align-items:center;box-sizing:border-box;border-radius:${radius};cursor:text;font-size:1rem;font-weight:400;line-height:1.4375em;color:${p.text.primary}}
.pf input,.pf select{font:inherit;letter-spacing:inherit;color:currentColor;box-sizing:content-box;height:1.4375em;margin:0;padding:8.5px 14px;border:0;background:none;display:block;min-width:0;width:100%;outline:0;-webkit-tap-highlight-color:transparent}
.pf input::placeholder{color:currentColor;opacity:${v.opacity?.inputPlaceholder ?? 0.42}}
.pf select{appearance:none;cursor:pointer;padding-right:32px;border-radius:${radius};min-width:16px;text-overflow:ellipsis;white-space:nowrap;overflow:hidden}
.pf>.box>select:focus-visible{outline:0}
.pf select option{background-color:${p.background.paper};color:${p.text.primary}}
.pf>.box>.start{display:flex;align-items:center;margin-left:14px;margin-right:8px;color:${p.action.active};flex-shrink:0}
.pf>.box>.start+input{padding-left:0}
.pf>.box>.arrow{position:absolute;right:7px;top:calc(50% - 0.5em);font-size:1.5rem;color:${p.action.active};pointer-events:none}
.pf>.box>.end{display:flex;align-items:center;margin-right:6px;flex-shrink:0}
.pf fieldset{position:absolute;inset:-5px 0 0;margin:0;padding:0 8px;text-align:left;pointer-events:none;border:1px solid ${outline};border-radius:inherit;overflow:hidden;min-width:0}
.pf legend{float:unset;width:auto;overflow:hidden;display:block;padding:0;height:11px;font-size:0.75em;visibility:hidden;max-width:100%;white-space:nowrap}
.pf legend>span{padding-left:5px;padding-right:5px;display:inline-block;opacity:0;visibility:visible}
.pf>.box:hover>fieldset{border-color:${p.text.primary}}
.pf>.box:focus-within>fieldset{border-color:${p.primary.main};border-width:2px}
.pf.error>.box>fieldset{border-color:${p.error.main}}
.pf>.help{margin:3px 14px 0;font-size:0.75rem;font-weight:400;line-height:1.66;color:${p.text.secondary}}
.pf.error>.help{color:${p.error.main}}
.ph{margin-bottom:24px}
.ph>.row{display:flex;flex-direction:column;gap:16px}
${sm}{.ph>.row{flex-direction:row;align-items:center;justify-content:space-between}}
.ph h1{margin:0;${type('h1')};overflow-wrap:anywhere}
.ph .desc{margin:4px 0 0;${type('body1')};color:${p.text.secondary}}
.ph .text{min-width:0}
.ph .actions{display:flex;gap:8px;flex-shrink:0}
.pf-pair{display:flex;gap:8px}
.pf-pair>.pf:first-child{flex-shrink:0}
.pager{display:flex;align-items:center;justify-content:flex-end;flex-wrap:wrap;column-gap:16px;row-gap:8px;padding:8px 16px}
.pager>span{${type('body2')};white-space:nowrap}
.pager>.muted{color:${p.text.secondary}}
.pager>.pf{flex:0 0 auto}
.fbar{margin-bottom:16px;display:flex;flex-direction:column;gap:12px;flex-wrap:wrap}
${sm}{.fbar{flex-direction:row;align-items:flex-start}.fbar>.clear{align-self:center}}
.pib{display:inline-flex;align-items:center;justify-content:center;flex:0 0 auto;box-sizing:border-box;width:40px;height:40px;margin:0;padding:0;border:0;border-radius:50%;background:transparent;color:${p.action.active};cursor:pointer;vertical-align:middle;font-size:1.5rem;-webkit-tap-highlight-color:transparent}
.pib.small{width:30px;height:30px}
.pib:hover:not(:disabled){background-color:${p.action.hover}}
.pib:focus-visible{background-color:${p.action.focus}}
.pib:disabled{color:${p.action.disabled};cursor:default}
.pib.inherit{color:inherit}
.psort{display:inline-flex;align-items:center;vertical-align:middle;justify-content:flex-start;flex-direction:inherit;margin:0;padding:0;border:0;background:none;font:inherit;letter-spacing:inherit;text-align:inherit;color:inherit;cursor:pointer;user-select:none;-webkit-tap-highlight-color:transparent}
.psort:focus-visible{color:${p.text.secondary}}
.psort:hover{color:${p.text.secondary}}
.psort>svg{font-size:18px;margin:0 4px;opacity:0;transition:opacity 200ms cubic-bezier(0.4,0,0.2,1),transform 200ms cubic-bezier(0.4,0,0.2,1);flex-shrink:0}
.psort:hover>svg,.psort:focus-visible>svg{opacity:0.5}
.psort.active,.psort.active:hover{color:${p.text.primary}}
.psort.active>svg{opacity:1;color:${p.text.secondary}}
.psort.asc>svg{transform:rotate(180deg)}
`;
}

/**
 * Puts a style sheet made from the theme into the document once, as `<style data-<name>>`, the first time a
 * component that needs it mounts (the plain controls' sheet, the tables'): plain CSS the browser parses once,
 * where a styled component's styles are worked out by MUI and emotion when it renders.
 */
export function useStyleSheet(name: string, css: (theme: Theme) => string): void {
  const theme = useTheme();
  useInsertionEffect(() => {
    if (document.head.querySelector(`style[data-${name}]`)) return;
    const style = document.createElement('style');
    style.setAttribute(`data-${name}`, '');
    style.textContent = css(theme);
    document.head.appendChild(style);
  }, [name, css, theme]);
}

/** Puts {@link plainControlsCss} in the document the first time a plain control mounts there. */
export function usePlainControlsCss(): void {
  useStyleSheet('plain-controls', plainControlsCss);
}
