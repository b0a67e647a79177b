import { SMTPServer } from 'smtp-server';

export type SunkMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on a free local port that keeps what it receives: the newsletter tests and
 * the bench send through nodemailer to it. `keepBodies: false` counts recipients only (bench).
 */
export async function startSmtpSink(opts: { keepBodies?: boolean; onMessage?: (m: SunkMail) => void } = {}) {
  const keep = opts.keepBodies ?? true;
  const messages: SunkMail[] = [];
  const recipients = new Map<string, number>();
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    maxClients: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => {
        if (keep) chunks.push(c);
      });
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        for (const a of to) recipients.set(a, (recipients.get(a) ?? 0) + 1);
        count++;
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to,
          raw: keep ? Buffer.concat(chunks).toString('utf8') : '',
        };
        if (keep) messages.push(mail);
        opts.onMessage?.(mail);
        callback();
      });
    },
  });
  // A client that dies mid-session (the crash test kills the API while it sends) resets its
  // connection: that is the client's problem, not an error of the sink.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') throw err;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    messages,
    recipients,
    count: () => count,
    /** Addresses that received more than one message. */
    duplicates: () => [...recipients].filter(([, n]) => n > 1).map(([a]) => a),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
