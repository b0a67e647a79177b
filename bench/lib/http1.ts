import http from 'node:http';
import net from 'node:net';

/** One signed-in GET at a time over one keep-alive connection; resolves to the time in ms. */
export type OneConnection = { get: (path: string) => Promise<number>; close: () => void };

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * The lean client: HTTP/1.1 written straight onto one TCP socket, the way wrk does it. The
 * request bytes are built once per path; the answer is read up to its Content-Length (the API
 * always sends one for JSON; an answer without it, or chunked, is refused rather than guessed).
 * Node's own http client spends about 80 µs of its own CPU per request on this machine (an empty
 * Fastify route: 0.16 ms through it against 0.08 ms through this), which is the client's cost,
 * not the API's; node-pg on the SQL side is a lean protocol client, and this is its like.
 */
export async function leanConnection(
  baseUrl: string,
  token: string,
  opts: { timeoutMs?: number } = {},
): Promise<OneConnection> {
  const url = new URL(baseUrl);
  const socket = net.connect(Number(url.port), url.hostname);
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let waiting: { resolve: (status: number) => void; reject: (err: Error) => void } | null = null;
  let buffered: Buffer = Buffer.alloc(0);
  // Once closed (by the API's keep-alive timeout while idle, an error or a request timeout), every
  // later get() is refused at once: a write onto a closed socket would otherwise never answer.
  let closed: Error | null = null;
  const fail = (err: Error) => {
    const w = waiting;
    waiting = null;
    w?.reject(err);
  };
  socket.on('error', (err) => {
    closed ??= err;
    fail(err);
  });
  socket.on('close', () => {
    closed ??= new Error('the API closed the connection');
    fail(closed);
  });
  socket.on('data', (chunk: Buffer) => {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    const end = buffered.indexOf(HEADER_END);
    if (end < 0) return;
    const head = buffered.subarray(0, end).toString('latin1');
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length || /\r\ntransfer-encoding:/i.test(head)) {
      fail(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
      socket.destroy();
      return;
    }
    const total = end + HEADER_END.length + Number(length[1]);
    if (buffered.length < total) return;
    buffered = buffered.subarray(total);
    const w = waiting;
    waiting = null;
    w?.resolve(Number(head.slice(9, 12)));
  });
  const requests = new Map<string, Buffer>();
  const request = (path: string) => {
    let bytes = requests.get(path);
    if (!bytes) {
      bytes = Buffer.from(
        `GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${token}\r\nAccept: application/json\r\n\r\n`,
        'latin1',
      );
      requests.set(path, bytes);
    }
    return bytes;
  };
  return {
    get: async (path) => {
      const bytes = request(path);
      if (closed) throw new Error(`connection closed: ${closed.message}`);
      const t = performance.now();
      let timer: NodeJS.Timeout | undefined;
      const status = await new Promise<number>((resolve, reject) => {
        waiting = { resolve, reject };
        if (opts.timeoutMs) {
          timer = setTimeout(() => {
            // The answer may still come; the connection cannot be reused for the next request.
            closed ??= new Error(`no answer within ${opts.timeoutMs} ms`);
            fail(new Error(`timeout: ${path} gave no answer within ${opts.timeoutMs} ms (connection closed)`));
            socket.destroy();
          }, opts.timeoutMs);
        }
        socket.write(bytes);
      }).finally(() => clearTimeout(timer));
      const took = performance.now() - t;
      if (status !== 200) throw new Error(`${path} answered ${status}`);
      return took;
    },
    close: () => socket.destroy(),
  };
}

/** The same through Node's http client (shown beside the lean one: what a Node caller sees). */
export function nodeConnection(baseUrl: string, token: string): OneConnection {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const url = new URL(baseUrl);
  const once = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          path,
          method: 'GET',
          agent,
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        },
        (res) => {
          res.on('data', () => {});
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
  return {
    get: async (path) => {
      const t = performance.now();
      const status = await once(path);
      const took = performance.now() - t;
      if (status !== 200) throw new Error(`${path} answered ${status}`);
      return took;
    },
    close: () => agent.destroy(),
  };
}
