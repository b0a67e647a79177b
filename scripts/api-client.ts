// Generates the typed client's types (test/api-client/schema.ts) from the API description, with
// openapi-typescript. `npm run api:client` rewrites the file; test/api-client/api-client.test.ts
// fails while the checked-in file differs from what the current description gives.
//
// Usage: npx tsx scripts/api-client.ts [--out test/api-client/schema.ts]
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { apiDescription, writeText } from './openapi';

export const CLIENT_SCHEMA_FILE = 'test/api-client/schema.ts';

const HEADER = `/**
 * The Vaultdesk API's types, generated from its description (/docs/json) by openapi-typescript.
 * Do not edit: run \`npm run api:client\` after changing a route or a contract schema.
 */
/* eslint-disable */

`;

export async function clientSchemaSource(description?: Record<string, unknown>) {
  const ast = await openapiTS((description ?? (await apiDescription())) as unknown as OpenAPI3, {
    // `type` aliases, as the codebase writes types; a client module needs nothing at run time.
    exportType: true,
    alphabetize: false,
    silent: true,
  });
  return HEADER + astToString(ast);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outIndex = process.argv.indexOf('--out');
  const out = outIndex >= 0 ? process.argv[outIndex + 1]! : CLIENT_SCHEMA_FILE;
  writeText(out, await clientSchemaSource());
  console.log(`wrote ${out}`);
}
