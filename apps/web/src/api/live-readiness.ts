/**
 * Whether the page's live screens are live yet, on the page itself for whoever checks a screen once
 * it has loaded (the end-to-end and accessibility tests): `<html data-live>` is `ready` once every
 * live connection the page holds has been told `ready` by the server (a change committed from then
 * on reaches the screen), `connecting` before that, `reconnecting` while one waits to reconnect,
 * `stopped` when one gave up (no session, or a topic the role may not read), and absent when no
 * live screen is mounted. It is a mark for tools: nothing on the page reads it.
 */
export type LiveReadiness = 'connecting' | 'ready' | 'reconnecting' | 'stopped';

/** The mark shows the least ready connection: one not yet live makes the page not live. */
const ORDER: readonly LiveReadiness[] = ['stopped', 'reconnecting', 'connecting', 'ready'];
const connections = new Map<symbol, LiveReadiness>();

const show = () => {
  const root = document.documentElement;
  const states = [...connections.values()];
  if (states.length === 0) delete root.dataset.live;
  else root.dataset.live = ORDER.find((s) => states.includes(s));
};

/** One live connection's readiness on the page mark, from `connecting` until `remove()`. */
export function trackLiveReadiness() {
  const id = Symbol('live connection');
  connections.set(id, 'connecting');
  show();
  return {
    set: (state: LiveReadiness) => {
      if (!connections.has(id)) return;
      connections.set(id, state);
      show();
    },
    remove: () => {
      connections.delete(id);
      show();
    },
  };
}
