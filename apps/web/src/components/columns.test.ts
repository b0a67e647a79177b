import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { amountColumn, batchActionTag, txHashLink } from './columns';

type Row = { amount: string };
const cell = (value: string | null) => amountColumn<Row>('Amount', 'amount').render!(value, { amount: value ?? '' }, 0);

describe('the amount column', () => {
  it('is right-aligned, keyed by its field unless told otherwise', () => {
    const c = amountColumn<Row>('Amount', 'amount');
    expect(c).toMatchObject({ title: 'Amount', dataIndex: 'amount', align: 'right' });
    expect('key' in c).toBe(false);
    expect(amountColumn<Row>('Price / Share', 'pricePerFullShare', 'ppfs').key).toBe('ppfs');
  });

  it('shows four decimals, cut (never rounded up), with thousands separators', () => {
    expect(cell('0')).toBe('0.0000');
    expect(cell('1')).toBe('1.0000');
    expect(cell('0.000000000000000001')).toBe('0.0000');
    expect(cell('0.99999')).toBe('0.9999');
    expect(cell('1234.56789')).toBe('1,234.5678');
    expect(cell('-1234.56789')).toBe('-1,234.5678');
    expect(cell('-0.00001')).toBe('0.0000');
    expect(cell('00012.5')).toBe('12.5000');
    expect(cell('.5')).toBe('0.5000');
    // numeric(38,18): twenty whole digits, exactly (no float on the way).
    expect(cell('12345678901234567890.123456789012345678')).toBe('12,345,678,901,234,567,890.1234');
  });

  it('shows the dash for no value and an unreadable value as it came', () => {
    expect(cell(null)).toBe('—');
    expect(cell('')).toBe('—');
    expect(cell('   ')).toBe('—');
    expect(cell('1e-18')).toBe('1e-18');
  });
});

describe('transaction hash links', () => {
  it('links the hash to the explorer in a new tab, shortened to first 4 and last 4', () => {
    const hash = `0x${'0123456789abcdef'.repeat(4)}`;
    const link = txHashLink(hash) as ReactElement<{ href: string; target: string; rel: string; children: string }>;
    expect(isValidElement(link)).toBe(true);
    expect(link.type).toBe('a');
    expect(link.props.href).toBe(`https://bscscan.com/tx/${hash}`);
    expect(link.props.target).toBe('_blank');
    expect(link.props.rel).toBe('noreferrer');
    expect(link.props.children).toBe('0x01...cdef');
  });

  it('shows a short value whole and the dash when there is no hash', () => {
    expect((txHashLink('0xabc') as ReactElement<{ children: string }>).props.children).toBe('0xabc');
    expect(txHashLink(null)).toBe('—');
    expect(txHashLink('')).toBe('—');
  });
});

describe('batch action tags', () => {
  it('deposits blue, anything else orange, the action as its text', () => {
    const tag = (a: string) => (batchActionTag(a) as ReactElement<{ color: string; children: string }>).props;
    expect(tag('deposit')).toEqual({ color: 'blue', children: 'deposit' });
    expect(tag('withdraw')).toEqual({ color: 'orange', children: 'withdraw' });
  });
});
