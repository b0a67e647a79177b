import type { App } from 'antd';
import { ApiError, errorMessage } from '../../../../api/client';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

/**
 * Spec §8 for the money actions: a reply other than 200 (the server refused: 400, 403, 404,
 * 409) shows the server's message as info; a call that failed outright (no answer, a server
 * error) shows the error's message as an error.
 */
export const showFundsFailure = (message: MessageInstance, error: unknown) => {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) void message.info(error.message);
  else void message.error(errorMessage(error));
};

/** Whether a decimal string is zero (or empty); amounts are never turned into floats. */
export const isZeroAmount = (amount: string | null | undefined) => !amount || !/[1-9]/.test(amount);

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Compares two non-negative decimal strings exactly: -1, 0 or 1. */
export const compareDecimal = (a: string, b: string) => {
  const [, ai = '0', af = ''] = DECIMAL.exec(a.trim()) ?? [];
  const [, bi = '0', bf = ''] = DECIMAL.exec(b.trim()) ?? [];
  const intA = ai.replace(/^0+(?=\d)/, '');
  const intB = bi.replace(/^0+(?=\d)/, '');
  if (intA.length !== intB.length) return intA.length < intB.length ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const left = intA + af.padEnd(width, '0');
  const right = intB + bf.padEnd(width, '0');
  return left === right ? 0 : left < right ? -1 : 1;
};

/** Four decimals, cut rather than rounded up, so an amount shown is never more than what is there. */
export const formatAmount = (amount: string | null | undefined) => {
  const match = DECIMAL.exec((amount ?? '0').trim());
  if (!match) return amount ?? '';
  const [, int = '0', frac = ''] = match;
  return `${int.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(4, '0').slice(0, 4)}`;
};
