/**
 * A customer's profile picture address, set by the customer app: shown only when it is an
 * http(s) address; anything else (a javascript: or data: URL) is dropped and the initial shows.
 */
export const customerPicture = (url: string | null | undefined) =>
  url && /^https?:\/\//i.test(url.trim()) ? url.trim() : undefined;
