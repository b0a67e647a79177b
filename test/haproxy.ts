import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { freePort, repoRoot } from './processes';

/**
 * The shipped proxy configuration (deploy/haproxy.cfg) run by Debian's HAProxy, as an operator
 * would run it, with only what a test machine needs changed: the two instances' addresses (the
 * edit the file asks for), its own ports on 127.0.0.1 instead of :443 and :80, a self-signed
 * certificate for 127.0.0.1, and no switch to the haproxy user (the test's user runs it). Each
 * edit must match the file exactly once, so a reshaped configuration fails here, not silently.
 */
export const HAPROXY_CONFIG = path.join(repoRoot, 'deploy/haproxy.cfg');
const haproxyBinary = () => (existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy');

export type Haproxy = {
  /** https://127.0.0.1:<port> */
  base: string;
  /** The redirecting plain-HTTP port. */
  httpPort: number;
  output: () => string;
  /** One request through the proxy (TLS, its certificate trusted). */
  request: (
    method: string,
    url: string,
    headers?: Record<string, string>,
    body?: unknown,
  ) => Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>;
  stop: () => Promise<void>;
};

function edit(text: string, from: RegExp, to: string) {
  const hits = text.match(new RegExp(from.source, 'gm'))?.length ?? 0;
  if (hits !== 1) throw new Error(`deploy/haproxy.cfg: expected one line matching ${String(from)}, found ${hits}`);
  return text.replace(new RegExp(from.source, 'm'), to);
}

export async function startHaproxy(servers: [string, string]): Promise<Haproxy> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vaultdesk-haproxy-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  const made = spawnSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', keyFile, '-out', certFile],
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr}`);
  const ca = readFileSync(certFile, 'utf8');
  const pem = path.join(dir, 'vaultdesk.pem');
  writeFileSync(pem, ca + readFileSync(keyFile, 'utf8'));

  const [port, httpPort] = [await freePort(), await freePort()];
  let config = readFileSync(HAPROXY_CONFIG, 'utf8');
  config = edit(config, /^ {4}server api1 \S+$/, `    server api1 ${servers[0]}`);
  config = edit(config, /^ {4}server api2 \S+$/, `    server api2 ${servers[1]}`);
  config = edit(config, /^ {4}bind :443 ssl crt \S+/, `    bind 127.0.0.1:${port} ssl crt ${pem}`);
  config = edit(config, /^ {4}bind :80$/, `    bind 127.0.0.1:${httpPort}`);
  config = edit(config, /^ {4}user haproxy\n/, '');
  config = edit(config, /^ {4}group haproxy\n/, '');
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, config);

  // What docs/operations.md has the operator run after editing.
  const checked = spawnSync(haproxyBinary(), ['-c', '-f', file], { encoding: 'utf8' });
  if (checked.status !== 0 || !checked.stdout.includes('Configuration file is valid'))
    throw new Error(`haproxy -c refused the configuration (${checked.status}):\n${checked.stdout}${checked.stderr}`);

  // -db: in the foreground; its warnings (a server going DOWN or UP, and why) on stderr.
  const child = spawn(haproxyBinary(), ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const add = (c: Buffer) => {
    output = (output + c.toString()).slice(-20_000);
  };
  child.stdout.on('data', add);
  child.stderr.on('data', add);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const request: Haproxy['request'] = (method, url, headers = {}, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = https.request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: url,
          headers: payload ? { ...headers, 'content-type': 'application/json' } : headers,
          ca,
          agent: false,
          timeout: 10_000,
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${url} through the proxy: no answer in 10 s`)));
      req.on('error', reject);
      req.end(payload);
    });

  // Listening once it answers (a 503 until a first check passes is an answer too).
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with ${child.exitCode}:\n${output}`);
    const ok = await request('GET', '/healthz').then(
      () => true,
      () => false,
    );
    if (ok) break;
    if (Date.now() - started > 10_000) throw new Error(`haproxy did not answer within 10 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base: `https://127.0.0.1:${port}`,
    httpPort,
    output: () => output,
    request,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
