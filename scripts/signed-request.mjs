#!/usr/bin/env node
// Sends one request signed with an API token (the service's `bhesignature` scheme) and prints the answer.
//
//   node scripts/signed-request.mjs <base-url> <token-id> <token-key> <METHOD> <path> [json-body]
//   node scripts/signed-request.mjs http://localhost:8080 "$ID" "$KEY" GET /api/v2/self
//   node scripts/signed-request.mjs http://localhost:8080 "$ID" "$KEY" POST /api/v2/tokens '{"token_name":"From a script"}'
//
// The signature (as upstream's clients compute it): HMAC-SHA256 keyed with the token key's text over
// METHOD + path-with-query, then keyed with that digest over the RequestDate cut to the hour
// ("2026-11-01T09"), then keyed with that digest over the body bytes; the header is its base64.
// Node only, no dependencies (docs/mock-server.md, "API tokens and signed requests").
import { createHmac } from 'node:crypto';

const [baseUrl, tokenId, tokenKey, rawMethod, path, body] = process.argv.slice(2);
if (!baseUrl || !tokenId || !tokenKey || !rawMethod || !path?.startsWith('/')) {
  console.error('usage: node scripts/signed-request.mjs <base-url> <token-id> <token-key> <METHOD> <path> [json-body]');
  console.error('       <path> starts with "/" and holds the query, e.g. "/api/v2/tokens?sort_by=-name"');
  process.exit(2);
}
const method = rawMethod.toUpperCase();
const bytes = body === undefined ? Buffer.alloc(0) : Buffer.from(body, 'utf8');
const url = new URL(path, baseUrl);
// What is signed is the path and query as the server receives them (URL encoding applied).
const requestUri = url.pathname + url.search;
const requestDate = new Date().toISOString().replace(/\.\d+Z$/, 'Z');

let digest = createHmac('sha256', tokenKey)
  .update(method + requestUri)
  .digest();
digest = createHmac('sha256', digest).update(requestDate.slice(0, 13)).digest();
const last = createHmac('sha256', digest);
if (bytes.length > 0) last.update(bytes);
const signature = last.digest('base64');

const headers = {
  Authorization: `bhesignature ${tokenId}`,
  RequestDate: requestDate,
  Signature: signature,
  'User-Agent': 'admin-console signed-request.mjs',
};
if (body !== undefined) headers['Content-Type'] = 'application/json';

try {
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : bytes });
  const text = await res.text();
  console.log(`${res.status} ${res.statusText}`);
  let shown = text;
  try {
    shown = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    /* not JSON: print as is */
  }
  if (shown) console.log(shown);
  process.exit(res.ok ? 0 : 1);
} catch (e) {
  console.error(`The request failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
