/** The user profile: details, balances, wallets, activities, referrals, transactions, plans, and its non-money actions. */
export {};
