import type { Permission } from './permissions';

/**
 * One status table of the specifications: its states with label and colour, and which moves a
 * holder of which permission may make. The web app reads it to offer actions, the API to refuse
 * a move inside its guarded update. No second copy of a transition rule exists anywhere.
 */
export type StateInfo = { label: string; color: string };
export type StateKey = string | number;
export type Transition<S extends StateKey> = { from: readonly S[]; to: S; permission: Permission };
export type StateMachine<S extends StateKey> = {
  /** What the record is called in messages ("Queue item", "Withdrawal request"). */
  name: string;
  states: Record<S, StateInfo>;
  transitions: readonly Transition<S>[];
};

export const defineStateMachine = <S extends StateKey>(machine: StateMachine<S>): StateMachine<S> => {
  for (const t of machine.transitions) {
    for (const s of [...t.from, t.to]) {
      if (!(s in machine.states)) throw new Error(`${machine.name}: transition names unknown state ${String(s)}`);
    }
  }
  return machine;
};

const holds = (permissions: readonly string[], p: Permission) => permissions.includes(p);

/** The states from which `to` may be reached by someone holding `permissions`. */
export function sourcesFor<S extends StateKey>(machine: StateMachine<S>, to: S, permissions: readonly string[]): S[] {
  const out = new Set<S>();
  for (const t of machine.transitions)
    if (t.to === to && holds(permissions, t.permission)) for (const f of t.from) out.add(f);
  return [...out];
}

/** The states someone holding `permissions` may move a record in `from` to (what the page offers). */
export function targetsFrom<S extends StateKey>(
  machine: StateMachine<S>,
  from: S,
  permissions: readonly string[],
): S[] {
  const out = new Set<S>();
  for (const t of machine.transitions) if (t.from.includes(from) && holds(permissions, t.permission)) out.add(t.to);
  return [...out];
}

export const canTransition = <S extends StateKey>(
  machine: StateMachine<S>,
  from: S,
  to: S,
  permissions: readonly string[],
) => sourcesFor(machine, to, permissions).includes(from);

/** Whether the move exists at all, for anyone: tells a 403 (not yours to make) from a 409 (not from here). */
export const transitionExists = <S extends StateKey>(machine: StateMachine<S>, from: S, to: S) =>
  machine.transitions.some((t) => t.to === to && t.from.includes(from));

const UNKNOWN: StateInfo = { label: 'Unknown', color: 'gray' };
export const stateInfo = <S extends StateKey>(machine: StateMachine<S>, s: S | string | number): StateInfo =>
  (machine.states as Record<string | number, StateInfo>)[s as string] ?? UNKNOWN;
