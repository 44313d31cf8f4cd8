/**
 * The props of swagger-ui-react this console uses (the package ships no
 * types; these follow its documented configuration:
 * https://swagger.io/docs/open-source-tools/swagger-ui/usage/configuration/).
 */
declare module 'swagger-ui-react' {
  import type { ComponentType } from 'react';

  export interface SwaggerUIProps {
    spec?: object;
    url?: string;
    /** Called with each request "Try it out" sends; answers the request to send. */
    requestInterceptor?: <R extends { url: string; headers: Record<string, string> }>(request: R) => R;
    /** Show the request as intercepted (true) or as built before the interceptor (false). */
    showMutatedRequest?: boolean;
    /** Plugins: functions answering what they add or replace, e.g. `{ components: { Name: Component } }`. */
    plugins?: (() => { components?: Record<string, ComponentType> })[];
    docExpansion?: 'list' | 'full' | 'none';
    defaultModelsExpandDepth?: number;
    displayOperationId?: boolean;
    deepLinking?: boolean;
    persistAuthorization?: boolean;
    queryConfigEnabled?: boolean;
    tryItOutEnabled?: boolean;
    onComplete?: () => void;
  }

  const SwaggerUI: ComponentType<SwaggerUIProps>;
  export default SwaggerUI;
}
