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
export default function SwaggerView({ spec }: { spec: ApiDocument }) {
  const theme = useTheme();
  const dark = theme.palette.mode === 'dark';
  // Requests go where the console's own go (VITE_API_BASE_URL, else this origin).
  const served = useMemo(() => ({ ...spec, servers: [{ url: apiConfig.baseUrl || window.location.origin }] }), [spec]);
  return (
    <Box
      sx={{
        bgcolor: dark ? '#fff' : 'background.paper',
        borderRadius: 1,
        border: 1,
        borderColor: 'divider',
        py: 1,
        // Swagger UI has no dark theme: in dark mode its light page is inverted (hues kept), so it reads as dark.
        ...(dark ? { filter: 'invert(0.9) hue-rotate(180deg)' } : {}),
        '& .swagger-ui': { fontFamily: theme.typography.fontFamily },
        '& .swagger-ui .info': { my: 2 },
        '& .swagger-ui .info .title, & .swagger-ui .opblock-tag': { fontFamily: theme.typography.fontFamily },
        '& .swagger-ui .wrapper': { px: 2 },
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
