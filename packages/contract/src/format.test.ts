import { describe, expect, it } from 'vitest';
import {
  compareDecimal,
  explorerTxUrl,
  formatAmount,
  formatUsd,
  isZeroAmount,
  mapsUrl,
  NO_VALUE,
  shortAddress,
  sumAmounts,
} from './format';

describe('formatAmount', () => {
  it('shows four decimals, cut rather than rounded, with thousands separators', () => {
    expect(formatAmount('1234567.987654321098765432')).toBe('1,234,567.9876');
    expect(formatAmount('0.99999')).toBe('0.9999');
    expect(formatAmount('100')).toBe('100.0000');
    expect(formatAmount('.5')).toBe('0.5000');
    expect(formatAmount('007.1')).toBe('7.1000');
    expect(formatAmount('12.5', 2)).toBe('12.50');
    expect(formatAmount('12.5', 0)).toBe('12');
  });

  it('keeps every digit of amounts a float would round', () => {
    expect(formatAmount('123456789012345678901234.000000000000000001')).toBe('123,456,789,012,345,678,901,234.0000');
  });

  it('signs negatives, but not a negative that shows as zero', () => {
    expect(formatAmount('-1500.25')).toBe('-1,500.2500');
    expect(formatAmount('-0.00001')).toBe('0.0000');
  });

  it('shows the no-value mark for nothing, and anything else as it came', () => {
    expect(formatAmount(null)).toBe(NO_VALUE);
    expect(formatAmount(undefined)).toBe(NO_VALUE);
    expect(formatAmount(' ')).toBe(NO_VALUE);
    expect(formatAmount('n/a')).toBe('n/a');
    expect(formatUsd('2.5')).toBe('$2.5000');
    expect(formatUsd(null)).toBe(NO_VALUE);
  });
});

describe('shortAddress', () => {
  it('shortens what is longer than 15 characters to first 4 + ... + last 4', () => {
    expect(shortAddress('0x1234567890abcdef1234567890abcdef12345678')).toBe('0x12...5678');
    expect(shortAddress('0x1234567890abc')).toBe('0x1234567890abc');
    expect(shortAddress('')).toBe(NO_VALUE);
    expect(shortAddress(null)).toBe(NO_VALUE);
  });
});

describe('exact decimal arithmetic', () => {
  it('sums to the 18th decimal', () => {
    expect(sumAmounts(['0.1', '0.2'])).toBe('0.3');
    expect(sumAmounts(['100.000000000000000001', '-0.000000000000000001', '5'])).toBe('105');
    expect(sumAmounts([])).toBe('0');
    expect(sumAmounts(['-3', '1.5'])).toBe('-1.5');
  });

  it('compares exactly', () => {
    expect(compareDecimal('75.5', '75.50')).toBe(0);
    expect(compareDecimal('75.6', '75.5')).toBe(1);
    expect(compareDecimal('9', '10')).toBe(-1);
    expect(compareDecimal('0.000000000000000001', '0')).toBe(1);
  });

  it('tells zero amounts', () => {
    expect(isZeroAmount('0.000')).toBe(true);
    expect(isZeroAmount('')).toBe(true);
    expect(isZeroAmount(null)).toBe(true);
    expect(isZeroAmount('0.001')).toBe(false);
  });
});

describe('links', () => {
  it('points transactions to the BNB chain explorer and places to a maps service', () => {
    expect(explorerTxUrl('0xab')).toBe('https://bscscan.com/tx/0xab');
    expect(mapsUrl('6.5244, 3.3792')).toBe('https://www.google.com/maps?q=6.5244,3.3792');
  });
});
