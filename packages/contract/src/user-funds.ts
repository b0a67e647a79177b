/** Profile actions that freeze or move money: savings locks, remittance, wallet resolution. */
export {};
