/** Today as the server counts it (UTC), YYYY-MM-DD: the date-range filter's days are UTC days. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);
