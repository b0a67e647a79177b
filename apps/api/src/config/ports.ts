import net from 'node:net';
import type { Config } from './config';

/** A port the start-up is about to listen on, and the variable that moves it. */
export type StartupPort = {
  port: number;
  host: string;
  what: string;
  variable: 'PORT' | 'PG_PORT' | 'CHAIN_PORT';
  alternative?: string;
};

/** The ports `npm start` listens on with this configuration: the app's, the embedded database's, the local chain's. */
export function startupPorts(config: Config): StartupPort[] {
  const ports: StartupPort[] = [{ port: config.port, host: config.host, what: 'the app', variable: 'PORT' }];
  if (!config.databaseUrl) {
    ports.push({
      port: config.pgPort,
      host: '127.0.0.1',
      what: 'the embedded PostgreSQL',
      variable: 'PG_PORT',
      alternative: 'DATABASE_URL to use a running PostgreSQL',
    });
  }
  if (config.chain.local?.start) {
    ports.push({
      port: config.chain.local.port,
      host: '127.0.0.1',
      what: 'the local chain',
      variable: 'CHAIN_PORT',
      alternative: 'CHAIN_RPC_URL to use the node there, or CHAIN=false',
    });
  }
  return ports;
}

/** True when something already listens on the port (binding it fails with EADDRINUSE). */
export function portInUse(port: number, host: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => (err.code === 'EADDRINUSE' ? resolve(true) : reject(err)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(false)));
  });
}

/** One line that names each taken port and the variable to set. */
export function portsTakenMessage(taken: readonly StartupPort[]): string {
  const parts = taken.map(
    (p) =>
      `port ${p.port} (${p.what}) is already in use: set ${p.variable} to a free port${p.alternative ? ` (or ${p.alternative})` : ''}`,
  );
  return `Cannot start Vaultdesk: ${parts.join('; ')}`;
}

export class PortsTakenError extends Error {
  constructor(readonly taken: readonly StartupPort[]) {
    super(portsTakenMessage(taken));
  }
}

/** Looks at every port before anything starts, so a second instance stops with one clear line instead of half-starting. */
export async function checkStartupPorts(config: Config): Promise<void> {
  const ports = startupPorts(config);
  const taken: StartupPort[] = [];
  for (const p of ports) if (await portInUse(p.port, p.host)) taken.push(p);
  // Two of this instance's own ports may coincide (e.g. PG_PORT set to PORT): that cannot work either.
  const seen = new Map<number, StartupPort>();
  for (const p of ports) {
    const before = seen.get(p.port);
    if (before && !taken.includes(p)) taken.push({ ...p, what: `${p.what}, the same as ${before.variable}` });
    seen.set(p.port, p);
  }
  if (taken.length) throw new PortsTakenError(taken);
}

/** A port free on 127.0.0.1 at this moment (the restore's trial start; the tests' servers). */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
