import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_HEADERS } from '@vaultdesk/contract';
import { verifyWebhookSignature } from './verify-signature';

/** A webhook as the receiver kept it: the body Vaultdesk sent, and when it arrived. */
export type ReceivedWebhook = {
  id: string;
  type: string;
  occurredAt: string;
  customerId: string | null;
  data: Record<string, unknown>;
  receivedAt: number;
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/**
 * The customer app backend's webhook endpoint: verifies each delivery's signature (a forged or
 * stale one is answered 400 and not kept), keeps each event once by its id (a redelivery is
 * answered 200 again, as at-least-once delivery needs), and lets a caller wait for an event.
 * `failNext(n)` answers the next n deliveries 503, as an endpoint that is down would.
 */
export async function startWebhookReceiver({
  secret,
  port = 0,
  host = '127.0.0.1',
}: {
  secret: () => string;
  port?: number;
  host?: string;
}) {
  const events: ReceivedWebhook[] = [];
  const seen = new Set<string>();
  let rejected = 0;
  let failing = 0;
  const waiters = new Set<() => void>();
  const server = createServer(async (req, res) => {
    const raw = await readBody(req);
    if (req.method !== 'POST') return void res.writeHead(405).end();
    if (failing > 0) {
      failing -= 1;
      return void res.writeHead(503).end('down for maintenance');
    }
    const header = req.headers[WEBHOOK_HEADERS.signature];
    if (!verifyWebhookSignature(typeof header === 'string' ? header : undefined, raw, secret())) {
      rejected += 1;
      return void res.writeHead(400).end('bad signature');
    }
    const body = JSON.parse(raw) as Omit<ReceivedWebhook, 'receivedAt'>;
    if (!seen.has(body.id)) {
      seen.add(body.id);
      events.push({ ...body, receivedAt: Date.now() });
      for (const wake of waiters) wake();
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://${host}:${address.port}/webhooks/vaultdesk`,
    events,
    rejectedCount: () => rejected,
    failNext: (n: number) => {
      failing = n;
    },
    /** The first event of `type` matching `where`, waiting up to `timeoutMs` for it. */
    waitFor(type: string, where: (e: ReceivedWebhook) => boolean = () => true, timeoutMs = 60_000) {
      return new Promise<ReceivedWebhook>((resolve, reject) => {
        const check = () => {
          const found = events.find((e) => e.type === type && where(e));
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `No ${type} webhook within ${timeoutMs} ms (received: ${events.map((e) => e.type).join(', ') || 'none'})`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
