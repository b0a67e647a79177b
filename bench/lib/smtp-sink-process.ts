/**
 * The local SMTP sink in a process of its own, as a real relay would be: the newsletter bench then
 * measures the sender, not the sender and the sink sharing one event loop. The parent asks for
 * the counts over IPC ({ type: 'stats' } -> { count, duplicates }) and ends it with 'close'.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startSmtpSink } from '../../test/smtp-sink';

type Stats = { count: number; duplicates: string[] };
type FromChild = { type: 'ready'; url: string } | ({ type: 'stats' } & Stats);

export async function startSinkProcess() {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--child'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends FromChild['type']>(type: T) =>
    new Promise<Extract<FromChild, { type: T }>>((resolve, reject) => {
      const onMessage = (m: FromChild) => {
        if (m.type === type) {
          child.off('message', onMessage);
          child.off('exit', onExit);
          resolve(m as Extract<FromChild, { type: T }>);
        }
      };
      const onExit = (code: number | null) => reject(new Error(`the SMTP sink process ended (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const { url } = await next('ready');
  return {
    url,
    stats: async (): Promise<Stats> => {
      const answer = next('stats');
      child.send({ type: 'stats' });
      const { count, duplicates } = await answer;
      return { count, duplicates };
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.send({ type: 'close' });
      }),
  };
}

if (process.argv.includes('--child')) {
  const sink = await startSmtpSink({ keepBodies: false });
  process.on('message', (m: { type: string }) => {
    if (m.type === 'stats') process.send!({ type: 'stats', count: sink.count(), duplicates: sink.duplicates() });
    if (m.type === 'close') void sink.close().then(() => process.exit(0));
  });
  process.send!({ type: 'ready', url: sink.url });
}
