import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useMemo } from 'react';
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
  const { text, background, divider } = (theme.vars ?? theme).palette;
  // Requests go where the console's own go (VITE_API_BASE_URL, else this origin).
  const served = useMemo(() => ({ ...spec, servers: [{ url: apiConfig.baseUrl || window.location.origin }] }), [spec]);
  const methods = Object.fromEntries(
    Object.entries(METHOD_COLOURS).map(([method, colour]) => [
      `${SWAGGER} .opblock.opblock-${method} .opblock-summary-method`,
      { backgroundColor: colour, color: '#fff' },
    ]),
  );
  return (
    <Box
      sx={{
        bgcolor: 'background.paper',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        py: 1,
        [SWAGGER]: { fontFamily: theme.typography.fontFamily, color: text.primary },
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
        [`${SWAGGER} .opblock-tag`]: { fontFamily: theme.typography.fontFamily },
        // The console has one service: nothing to choose.
        [`${SWAGGER} .servers-title, ${SWAGGER} .servers`]: { display: 'none' },
        [`${SWAGGER} .btn.authorize`]: { color: METHOD_COLOURS.post, borderColor: METHOD_COLOURS.post },
        [`${SWAGGER} .btn.authorize svg`]: { fill: METHOD_COLOURS.post },
        [`${SWAGGER} .btn.execute`]: { backgroundColor: METHOD_COLOURS.get, borderColor: METHOD_COLOURS.get },
        [`${SWAGGER} .btn.try-out__btn.cancel`]: { color: METHOD_COLOURS.delete, borderColor: METHOD_COLOURS.delete },
        [`${SWAGGER} .download-contents`]: { backgroundColor: METHOD_COLOURS.deprecated },
        // A deprecated operation is told by its grey badge and struck-through path, not by fading it out.
        [`${SWAGGER} .opblock.opblock-deprecated`]: { opacity: 1 },
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
          [`${SWAGGER} :is(.scheme-container, .opblock .opblock-section-header, .dialog-ux .modal-ux)`]: {
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
