import { REPORT_COUNT_CAP } from '@vaultdesk/contract';

/** "1,234 transactions", or "10,000+ transactions" when the count stopped at the cap. */
export const totalLine = (n: number, capped: boolean, noun: string) =>
  `${n.toLocaleString('en-US')}${capped ? '+' : ''} ${noun}${capped ? ` (pages show the newest ${REPORT_COUNT_CAP.toLocaleString('en-US')}; export the CSV for all)` : ''}`;
