/**
 * Prints a bearer token of the demo Super Admin, for ad-hoc load runs against a running API:
 *   TOKEN=$(npx tsx bench/token.ts http://127.0.0.1:8277)
 *   wrk -t2 -c16 -d10s --latency -H "Authorization: Bearer $TOKEN" http://127.0.0.1:8277/v1/admin/me
 */
import { signIn } from './lib/session';

const base = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT ?? 8277}`;
process.stdout.write(`${await signIn(base.replace(/\/$/, ''))}\n`);
