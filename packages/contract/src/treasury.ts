/** Dashboard panels for Super Admin and Compliance: custodial wallets, overall balances, plan totals, share prices, trends. */
export {};
