import dayjs from 'dayjs';

/**
 * Sign-up times on the user lists are shown one hour earlier than stored, as the specification
 * says: staff compare these lists with the previous console's screens and reports, which showed
 * them that way, so the same user shows the same time in both.
 */
export const signupTimeShown = (createdAt: string) => dayjs(createdAt).subtract(1, 'hour').format('YYYY-MM-DD HH:mm');

/** Today as the server counts it (UTC), YYYY-MM-DD. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);
