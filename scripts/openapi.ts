// Writes the API description (the document served at /docs/json) to a file, without a database
// or a listening server: the app is built against a PostgreSQL address nothing answers (no query
// runs while routes are registered), the document is read, the app is closed.
//
// Usage: npx tsx scripts/openapi.ts [--out .data/openapi.json]   (default: stdout)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closeDb, createDb } from '@vaultdesk/db';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config/config';
import { testEnv } from '../test/test-env';

export async function apiDescription(): Promise<Record<string, unknown>> {
  // Port 1 on loopback: refused at once, should anything try to connect (the session listener
  // does, and retries quietly until the app is closed).
  const db = createDb('postgres://vaultdesk@127.0.0.1:1/none', 1);
  const app = await buildApp({ config: loadConfig(testEnv({ DATA_DIR: '.data/openapi' })), db, logger: false });
  try {
    // A copy: the document is the app's, cached by @fastify/swagger.
    return structuredClone(app.swagger()) as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await closeDb(db);
  }
}

export function writeText(file: string, text: string) {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, text);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outIndex = process.argv.indexOf('--out');
  const out = outIndex >= 0 ? process.argv[outIndex + 1] : undefined;
  const text = `${JSON.stringify(await apiDescription(), null, 2)}\n`;
  if (out) writeText(out, text);
  else process.stdout.write(text);
}
