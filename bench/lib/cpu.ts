import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Clock ticks per second of /proc/<pid>/stat times: 100 on every Linux this runs on. */
const TICKS = 100;

/** utime + stime of a process; with `reaped`, also cutime + cstime: its exited children's. */
const stat = (pid: number, reaped = false): { ppid: number; ticks: number } | null => {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces: the fields after it start past the last ')'.
    const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + (reaped ? Number(f[13]) + Number(f[14]) : 0) };
  } catch {
    return null;
  }
};

/**
 * CPU time the API process and the embedded PostgreSQL (postmaster and its backends) spend,
 * read from /proc. On a shared machine this is the steadier number: latency moves with the
 * neighbours' load, CPU per request much less.
 */
export function createCpuMeter(opts: { serverPid?: number; dataDir?: string; databaseUrl?: string }) {
  let pidFile = opts.dataDir ? path.join(opts.dataDir, 'pg', 'postmaster.pid') : null;
  // With DATABASE_URL, the PostgreSQL of DATA_DIR is measured only when it is the one the URL
  // names (the port in postmaster.pid, 4th line, is the URL's, on this machine).
  if (pidFile && opts.databaseUrl) {
    const url = new URL(opts.databaseUrl);
    const local = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname);
    const port = existsSync(pidFile) ? readFileSync(pidFile, 'utf8').split('\n')[3]?.trim() : undefined;
    if (!local || port !== (url.port || '5432')) pidFile = null;
  }
  const postmaster = () =>
    pidFile && existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n')[0]) : null;
  if (!existsSync('/proc/self/stat') || (!opts.serverPid && !postmaster())) return null;
  const read = () => {
    const api = opts.serverPid ? (stat(opts.serverPid)?.ticks ?? 0) : 0;
    let pg = 0;
    const pm = postmaster();
    if (pm) {
      // Parallel workers and other short-lived backends exit during a run: the postmaster's
      // reaped-children time keeps their CPU in the sum after they are gone.
      pg += stat(pm, true)?.ticks ?? 0;
      for (const entry of readdirSync('/proc')) {
        if (!/^\d+$/.test(entry)) continue;
        const s = stat(Number(entry));
        if (s && s.ppid === pm) pg += s.ticks;
      }
    }
    return { api, pg };
  };
  return {
    /** Starts a measurement; the returned function gives CPU microseconds per request. */
    start() {
      const before = read();
      return (requests: number) => {
        const after = read();
        const per = (ticks: number) => (requests > 0 ? (ticks * 1e6) / TICKS / requests : NaN);
        return {
          apiUs: opts.serverPid ? per(after.api - before.api) : null,
          pgUs: postmaster() ? per(after.pg - before.pg) : null,
        };
      };
    },
  };
}

export type CpuMeter = NonNullable<ReturnType<typeof createCpuMeter>>;
