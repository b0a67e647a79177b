/** User lists (by date, by country), user searches and the wallet balance search. */
export {};
