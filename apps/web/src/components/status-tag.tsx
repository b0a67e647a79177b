import { Tag, type TagProps } from 'antd';
import { stateInfo, type StateKey, type StateMachine } from '@vaultdesk/contract';
import { tagColor } from './tag-color';

/**
 * A status drawn in the colour the specification gives it. Every status tag goes through here, so
 * the specifications' 'gray' is always drawn as the neutral tag (see `tagColor`).
 */
export function StatusTag({ color, ...rest }: TagProps) {
  return <Tag color={tagColor(color)} {...rest} />;
}

/** A record's state drawn from its state machine: the label and colour the machine gives it. */
export function StateTag<S extends StateKey>({
  machine,
  state,
  ...rest
}: { machine: StateMachine<S>; state: S | string | number } & Omit<TagProps, 'color' | 'children'>) {
  const info = stateInfo(machine, state);
  return (
    <StatusTag color={info.color} {...rest}>
      {info.label}
    </StatusTag>
  );
}
