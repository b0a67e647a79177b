/** The `{ message, data }` envelope every route answers with. */
export const ok = <T>(data: T, message = 'Successfully fetched records') => ({ message, data });
