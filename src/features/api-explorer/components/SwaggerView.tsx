import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useEffect, useMemo, useRef } from 'react';
import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import { apiConfig } from '@/api/config';
import type { ApiDocument } from '../api/get-spec';
import { withSession } from '../session-interceptor';

/**
 * The API document in Swagger UI (its own chunk: this module, the library and
 * its CSS load only on the explorer page). "Try it out" sends requests to the
 * console's service with the signed-in person's session; the request Swagger
 * UI shows (its curl line) is the one before the session is added, so the
 * token is never on the page.
 */

/**
 * Swagger UI's own authorization (the Authorize button and dialog, the padlock
 * of each operation) is left out: requests carry the session, and there is
 * nothing to enter. The operation's description still says what it needs.
 */
const WITHOUT_AUTHORIZE = {
  components: { AuthorizeBtnContainer: () => null, authorizeOperationBtn: () => null },
};
const PLUGINS = [() => WITHOUT_AUTHORIZE];

/** Code, paths, types and schemas keep a fixed-width font; everything else takes the console's. */
const MONOSPACE = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
const CODE = [
  'pre',
  'code',
  'kbd',
  'samp',
  'textarea',
  '.code',
  '.courier',
  '.model',
  '.model *',
  '.opblock-summary-path',
  '.opblock-summary-path *',
  '.opblock-summary-path__deprecated',
  '.opblock-summary-operation-id',
  '.parameter__type',
  '.parameter__in',
  '.parameter__extension',
  '.parameter__deprecated',
  '.response__extension',
  '.response-undocumented',
  'table.headers td',
  '.base-url',
  '[class*="json-schema-2020-12"]',
].join(', ');

/**
 * Operation badges: Swagger UI's colours, darkened until white text on them is
 * readable (at least 4.5:1), in both themes.
 */
const METHOD_COLOURS = {
  get: '#1565c0',
  post: '#1b7a43',
  put: '#9a4a00',
  patch: '#00695c',
  delete: '#c62828',
  deprecated: '#616161',
} as const;

const SWAGGER = '& .swagger-ui';

export default function SwaggerView({ spec }: { spec: ApiDocument }) {
  const theme = useTheme();
  // The console's colours as CSS variables: they follow its light or dark scheme by themselves.
  const { text, background, divider, action } = (theme.vars ?? theme).palette;
  const radius = `${theme.shape.borderRadius}px`;
  // Requests go where the console's own go (VITE_API_BASE_URL, else this origin).
  const served = useMemo(() => ({ ...spec, servers: [{ url: apiConfig.baseUrl || window.location.origin }] }), [spec]);
  const methods = Object.fromEntries(
    Object.entries(METHOD_COLOURS).flatMap(([method, colour]) => [
      [`${SWAGGER} .opblock.opblock-${method} .opblock-summary-method`, { backgroundColor: colour, color: '#fff' }],
      // An operation is a card of the console's, its method told by the badge and the bar on its left.
      [
        `${SWAGGER} .opblock.opblock-${method}`,
        // (Opaque: a deprecated operation is told by its grey badge and struck-through path, not by fading it out.)
        { backgroundColor: 'transparent', borderColor: divider, borderLeftColor: colour, opacity: 1 },
      ],
      [`${SWAGGER} .opblock.opblock-${method} .opblock-summary`, { borderColor: divider }],
    ]),
  );
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = frame.current;
    if (!root) return;
    // Swagger UI's copy buttons of a request's curl line and of an answer have no text of their own: name them.
    const name = () => {
      for (const button of root.querySelectorAll('.copy-to-clipboard button:not([aria-label])')) {
        button.setAttribute('aria-label', 'Copy to clipboard');
      }
    };
    name();
    const watch = new MutationObserver(name);
    watch.observe(root, { childList: true, subtree: true });
    return () => watch.disconnect();
  }, []);
  return (
    <Box
      ref={frame}
      sx={{
        bgcolor: 'background.paper',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        py: 1,
        [SWAGGER]: { fontFamily: theme.typography.fontFamily, color: text.primary },
        // Swagger UI names its own fonts on most of its elements: the console's replace them.
        [`${SWAGGER}, ${SWAGGER} *`]: { fontFamily: `${theme.typography.fontFamily} !important` },
        [`${SWAGGER} :is(${CODE})`]: { fontFamily: `${MONOSPACE} !important` },
        [`${SWAGGER} .info .title small pre`]: { fontFamily: `${theme.typography.fontFamily} !important` },
        [`${SWAGGER} .wrapper`]: { px: 2 },
        // The console's focus ring on everything Swagger UI lets the keyboard reach.
        [`${SWAGGER} :is(button, a, input, select, textarea, [tabindex]):focus-visible`]: {
          outline: `2px solid ${(theme.vars ?? theme).palette.primary.main}`,
          outlineOffset: '2px',
        },
        [`${SWAGGER} .info`]: { my: 2 },
        [`${SWAGGER} .info .title`]: { ...theme.typography.h2, fontFamily: theme.typography.fontFamily },
        [`${SWAGGER} .info .title small`]: { backgroundColor: METHOD_COLOURS.deprecated },
        [`${SWAGGER} .info .title small.version-stamp`]: { backgroundColor: METHOD_COLOURS.post },
        [`${SWAGGER} .info .description`]: { ...theme.typography.body2, color: text.secondary },
        [`${SWAGGER} .opblock-tag`]: { ...theme.typography.h2, color: text.primary, borderBottomColor: divider, py: 1, px: 1 },
        [`${SWAGGER} .opblock-tag small`]: { ...theme.typography.body2, color: text.secondary, px: 1.5 },
        // The console has one service and no authorization to enter: the bar that offers both stays out of
        // sight (its server list stays mounted: it is what picks the service's address for the requests).
        [`${SWAGGER} .scheme-container`]: { display: 'none' },
        [`${SWAGGER} .opblock`]: {
          borderWidth: 1,
          borderLeftWidth: 4,
          borderRadius: radius,
          boxShadow: 'none',
          mb: 1,
        },
        [`${SWAGGER} .opblock .opblock-summary`]: { borderColor: divider, py: 0.5, px: 1 },
        [`${SWAGGER} .opblock .opblock-summary:hover`]: { bgcolor: action.hover },
        [`${SWAGGER} .opblock .opblock-summary-method`]: { borderRadius: radius, fontWeight: 600 },
        [`${SWAGGER} .opblock .opblock-summary-description`]: { ...theme.typography.body2, color: text.secondary },
        [`${SWAGGER} .opblock .opblock-section-header`]: { bgcolor: action.hover, boxShadow: 'none' },
        [`${SWAGGER} :is(.btn, select, input, textarea, .model-box, .highlight-code pre, .response-control-media-type select)`]: {
          borderRadius: radius,
        },
        [`${SWAGGER} .btn`]: { boxShadow: 'none', fontWeight: 600 },
        [`${SWAGGER} :is(table thead tr th, table thead tr td)`]: {
          ...theme.typography.body2,
          fontWeight: 600,
          color: text.secondary,
        },
        [`${SWAGGER} section.models`]: { borderColor: divider, borderRadius: radius },
        [`${SWAGGER} section.models h4`]: { ...theme.typography.h2, color: text.primary },
        [`${SWAGGER} .btn.execute`]: { backgroundColor: METHOD_COLOURS.get, borderColor: METHOD_COLOURS.get },
        [`${SWAGGER} .btn.try-out__btn.cancel`]: { color: METHOD_COLOURS.delete, borderColor: METHOD_COLOURS.delete },
        [`${SWAGGER} .download-contents`]: { backgroundColor: METHOD_COLOURS.deprecated },
        [`${SWAGGER} .opblock-deprecated :is(.opblock-summary-path__deprecated, .opblock-summary-description)`]: {
          color: `${text.secondary} !important`,
        },
        // Answers and examples in one readable colour on their dark panel (Swagger UI's highlighting is too faint).
        [`${SWAGGER} .highlight-code .microlight, ${SWAGGER} .highlight-code .microlight span`]: { color: '#f8f8f2 !important' },
        ...methods,
        // Swagger UI has no dark theme: its text, panels and fields take the console's dark colours.
        ...theme.applyStyles('dark', {
          // (Important: Swagger UI's own colours come with selectors more specific than these.)
          [`${SWAGGER} :is(h1, h2, h3, h4, h5, h6, p, label, th, td, li, span, div, a, small, button, table)`]: {
            color: `${text.primary} !important`,
          },
          [`${SWAGGER} :is(.scheme-container, .dialog-ux .modal-ux)`]: {
            backgroundColor: `${background.paper} !important`,
            boxShadow: 'none',
          },
          [`${SWAGGER} :is(input, select, textarea)`]: {
            backgroundColor: `${background.default} !important`,
            color: `${text.primary} !important`,
            borderColor: divider,
          },
          [`${SWAGGER} svg:not(.opblock-summary-method svg)`]: { fill: 'currentColor' },
        }),
      }}
    >
      <SwaggerUI
        spec={served}
        requestInterceptor={withSession}
        plugins={PLUGINS}
        showMutatedRequest={false}
        docExpansion="list"
        defaultModelsExpandDepth={-1}
        displayOperationId={false}
        deepLinking={false}
        persistAuthorization={false}
        queryConfigEnabled={false}
      />
    </Box>
  );
}
