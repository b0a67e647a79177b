import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Money moves have one home: `apps/api/src/ledger/ledger.ts`. No other source file in apps/ or
 * packages/ may write a `ledger_entries` row or a `wallet_transactions` mirror row, in SQL or
 * through Drizzle. Tests, the API's test harness, e2e fixtures and benches set up books by hand
 * and are not scanned. Migrations are scanned too: their trigger moves `wallet_balances` from a
 * ledger row, and none of them writes either table.
 */
const ROOT = join(__dirname, '../../../..');
const HOME = 'apps/api/src/ledger/ledger.ts';
/** The one other writer, by name: the demo generator bulk-loads history and ledger with COPY before any API runs (its files). */
const ALLOWED: Record<string, string> = {
  'packages/db/src/demo/generate.ts': 'demo data bulk load (COPY), not a money move',
  'packages/db/src/demo/chunk.ts':
    "the demo generator's COPY table specs (its chunks are built here, on worker threads)",
  'packages/db/src/demo/activity.ts':
    "the demo generator's simulation: it writes its wallet transactions' binary COPY rows as it runs",
};

const WRITES: RegExp[] = [
  /INSERT\s+INTO\s+"?(ledger_entries|wallet_transactions)"?/i,
  /COPY\s+"?(ledger_entries|wallet_transactions)"?/i,
  /\.insert\(\s*(ledgerEntries|walletTransactions)\s*\)/,
  /table:\s*['"](ledger_entries|wallet_transactions)['"]\s*[,}]/,
];

const SOURCE = /\.(ts|tsx|js|mjs|cjs|sql)$/;
const SKIP_DIR = new Set(['node_modules', 'dist', 'build', '.data', 'test', 'coverage']);
const isTest = (p: string) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(p);

function* files(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.isDirectory()) {
      if (!SKIP_DIR.has(e.name) && !e.name.startsWith('.')) yield* files(join(dir, e.name));
    } else if (SOURCE.test(e.name) && !isTest(e.name)) {
      yield join(dir, e.name);
    }
  }
}

/** Every place outside the ledger module (and the named exception) that writes either table. */
function directWrites(text: string): string[] {
  const hits: string[] = [];
  text.split('\n').forEach((line, i) => {
    if (WRITES.some((w) => w.test(line))) hits.push(`${i + 1}: ${line.trim()}`);
  });
  return hits;
}

describe('ledger home', () => {
  it('finds the writes it is looking for (the shapes the modules used before the ledger module)', () => {
    expect(directWrites('      INSERT INTO ledger_entries (wallet_id, currency, amount, kind)')).toHaveLength(1);
    expect(directWrites('INSERT INTO wallet_transactions (user_id, wallet_id, amount)')).toHaveLength(1);
    expect(directWrites('insert into "ledger_entries" values (1)')).toHaveLength(1);
    expect(directWrites('await tx.insert(ledgerEntries).values({})')).toHaveLength(1);
    expect(directWrites('await db.insert( walletTransactions ).values({})')).toHaveLength(1);
    expect(directWrites('COPY ledger_entries (wallet_id) FROM STDIN')).toHaveLength(1);
    expect(directWrites("const LEDGER = { table: 'ledger_entries', columns: [] }")).toHaveLength(1);
    expect(directWrites("(table: 'wallet_transactions' | 'savings_transactions') => table")).toEqual([]);
    expect(directWrites('SELECT sum(amount) FROM ledger_entries')).toEqual([]);
    expect(directWrites('UPDATE wallet_transactions SET is_active = NOT is_active')).toEqual([]);
  });

  it('no module outside apps/api/src/ledger writes ledger_entries or wallet_transactions', () => {
    const offenders: string[] = [];
    let scanned = 0;
    for (const top of ['apps', 'packages']) {
      for (const file of files(join(ROOT, top))) {
        const rel = relative(ROOT, file).split('\\').join('/');
        scanned++;
        if (rel === HOME || ALLOWED[rel]) continue;
        for (const hit of directWrites(readFileSync(file, 'utf8'))) offenders.push(`${rel}:${hit}`);
      }
    }
    expect(scanned).toBeGreaterThan(100);
    expect(offenders).toEqual([]);
    // The home itself does write both (so the scan's patterns match what the module writes).
    expect(directWrites(readFileSync(join(ROOT, HOME), 'utf8')).length).toBeGreaterThanOrEqual(4);
  });

  it('migrations write neither table (the balance moves only in the ledger trigger)', () => {
    const dir = join(ROOT, 'packages/db/migrations');
    const sqlFiles = readdirSync(dir).filter((f) => f.endsWith('.sql'));
    expect(sqlFiles.length).toBeGreaterThan(20);
    expect(sqlFiles.flatMap((f) => directWrites(readFileSync(join(dir, f), 'utf8')).map((h) => `${f}:${h}`))).toEqual(
      [],
    );
  });
});
