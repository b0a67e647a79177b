import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  DOUBLE_FUNDING,
  KYC_LEVEL_TWO,
  NEWSLETTER_MACHINE,
  queueItemMachine,
  withdrawalMachine,
  type StateKey,
  type StateMachine,
} from '@vaultdesk/contract';
import { StateTag, StatusTag } from './status-tag';

/** Ant Design's tag classes that say how a tag is drawn, not which colour it is drawn in. */
const VARIANTS = new Set(['ant-tag-filled', 'ant-tag-outlined', 'ant-tag-borderless', 'ant-tag-solid']);

/** The one tag a markup holds: its text, its colour (from `ant-tag-<colour>`) and its attributes. */
const read = (html: string) => {
  const m = /^<span([^>]*)>([^<]*)<\/span>$/.exec(html);
  if (!m) throw new Error(`not a single tag: ${html}`);
  const attrs = Object.fromEntries([...m[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!]));
  const colours = (attrs.class ?? '')
    .split(/\s+/)
    .filter((c) => /^ant-tag-[a-z]+$/.test(c) && !VARIANTS.has(c))
    .map((c) => c.slice('ant-tag-'.length));
  return { text: m[2]!, colours, attrs };
};

/** What a user sees of each state's tag: `label · colour`. */
const seen = <S extends StateKey>(machine: StateMachine<S>, states: readonly (S | string | number)[]) =>
  Object.fromEntries(
    states.map((s) => {
      const tag = read(renderToStaticMarkup(<StateTag machine={machine} state={s} />));
      return [String(s), `${tag.text} · ${tag.colours.join('+')}`];
    }),
  );

describe('StateTag', () => {
  it('draws each queue item state with its label and colour', () => {
    expect(seen(queueItemMachine, ['pending', 'processing', 'done', 'cancelled', 'failed'])).toEqual({
      pending: 'Pending · orange',
      processing: 'Processing · blue',
      done: 'Success · green',
      cancelled: 'Cancelled · default',
      failed: 'Failed · red',
    });
  });

  it('draws withdrawal-out codes, numeric or as text, and has no status 4', () => {
    expect(seen(withdrawalMachine, [0, 1, 2, 3, 4, 5, 6, 7, 8])).toEqual({
      0: 'Pending · orange',
      1: 'Done · green',
      2: 'Failed · red',
      3: 'Cancelled · default',
      4: 'Unknown · default',
      5: 'Processing · blue',
      6: 'Retry · purple',
      7: 'On-Hold · gold',
      8: 'Review · cyan',
    });
    expect(seen(withdrawalMachine, ['7'])).toEqual({ 7: 'On-Hold · gold' });
  });

  it('draws KYC level two, double funding and newsletter states', () => {
    expect(seen(KYC_LEVEL_TWO, ['submitted', 'approved', 'rejected', 'escalated'])).toEqual({
      submitted: 'submitted · blue',
      approved: 'approved · green',
      rejected: 'rejected · red',
      escalated: 'escalated · orange',
    });
    expect(seen(DOUBLE_FUNDING, ['pending', 'deleted'])).toEqual({
      pending: 'Pending · orange',
      deleted: 'Deleted · default',
    });
    expect(seen(NEWSLETTER_MACHINE, ['saved', 'pending', 'paused', 'sent', 'terminated', 'deleted'])).toEqual({
      saved: 'saved · default',
      pending: 'pending · orange',
      paused: 'paused · gold',
      sent: 'sent · green',
      terminated: 'terminated · red',
      deleted: 'deleted · default',
    });
  });

  it('draws a state its machine does not know as Unknown in the neutral colour', () => {
    expect(seen(queueItemMachine, ['archived', '', 99])).toEqual({
      archived: 'Unknown · default',
      '': 'Unknown · default',
      99: 'Unknown · default',
    });
  });

  it('passes the other tag attributes through (the screens and their tests find tags by test id)', () => {
    const tag = read(
      renderToStaticMarkup(<StateTag machine={NEWSLETTER_MACHINE} state="sent" data-testid="delivery-status" />),
    );
    expect(tag.text).toBe('sent');
    expect(tag.attrs['data-testid']).toBe('delivery-status');
  });
});

describe('StatusTag', () => {
  it("draws the specifications' gray as the neutral tag, never as Ant Design's low-contrast gray", () => {
    const tag = read(renderToStaticMarkup(<StatusTag color="gray">Inactive</StatusTag>));
    expect(tag).toMatchObject({ text: 'Inactive', colours: ['default'] });
    expect(read(renderToStaticMarkup(<StatusTag color="green">Active</StatusTag>)).colours).toEqual(['green']);
  });
});
