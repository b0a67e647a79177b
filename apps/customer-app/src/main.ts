/**
 * The customer app simulator as a program: what a product backend does, from the command line.
 *
 *   VAULTDESK_KEY=vdk_... VAULTDESK_SECRET=vds_... [VAULTDESK_URL=http://localhost:3000] \
 *     npm run customer-app -- <command>
 *
 *   whoami                          GET /product/v1/client: the client, its scopes and rate limit
 *   register                        registers a new customer (random names) and opens a wallet
 *   call <METHOD> <path> [json]     any signed call (writes get a fresh Idempotency-Key)
 *   listen [--port 4100]            a webhook endpoint: prints each verified event, refuses forged ones
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createProductClient } from './product-client';
import { startWebhookReceiver } from './webhook-receiver';

const env = (name: string) => {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: the service client's ${name === 'VAULTDESK_KEY' ? 'key id' : 'secret'}`);
  return value;
};
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string', default: '4100' } },
});
const [command, ...rest] = positionals;
const print = (v: unknown) => process.stdout.write(`${JSON.stringify(v, null, 2)}\n`);

const client = () =>
  createProductClient({
    baseUrl: process.env.VAULTDESK_URL ?? 'http://localhost:3000',
    keyId: env('VAULTDESK_KEY'),
    secret: env('VAULTDESK_SECRET'),
  });

if (command === 'whoami') {
  print(await client().ok('GET', '/product/v1/client'));
} else if (command === 'register') {
  const app = client();
  const tag = randomUUID().slice(0, 8);
  const customer = await app.ok<{ customerId: string }>('POST', '/product/v1/customers', {
    fullName: `Simulated Customer ${tag}`,
    username: `sim_${tag}`,
    email: `sim_${tag}@example.test`,
    country: 'NG',
    device: { type: 'android', serial: `sim-device-${tag}` },
  });
  const address = `0x${randomBytes(20).toString('hex')}`;
  const wallet = await app.ok('POST', `/product/v1/customers/${customer.customerId}/wallets`, {
    name: 'Main',
    address,
    network: 31337,
  });
  print({ customer, wallet });
} else if (command === 'call') {
  const [method, path, body] = rest;
  if (!method || !path) throw new Error('call <METHOD> <path> [json body]');
  const answer = await client().call(method.toUpperCase() as 'GET', path, body ? JSON.parse(body) : undefined);
  print({ status: answer.status, ms: Math.round(answer.ms), body: answer.body });
  process.exitCode = answer.status >= 400 ? 1 : 0;
} else if (command === 'listen') {
  const secret = env('VAULTDESK_SECRET');
  const receiver = await startWebhookReceiver({ secret: () => secret, port: Number(values.port), host: '0.0.0.0' });
  let shown = 0;
  process.stdout.write(`listening at ${receiver.url} (set it as the client's webhook URL); Ctrl-C to stop\n`);
  setInterval(() => {
    for (const e of receiver.events.slice(shown)) print(e);
    shown = receiver.events.length;
  }, 250);
} else {
  process.stderr.write('commands: whoami | register | call <METHOD> <path> [json] | listen [--port N]\n');
  process.exitCode = 2;
}
