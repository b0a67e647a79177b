// Its own module so the sign-in page can fetch the schema (and zod) while the person types.
export { loginResult } from '@vaultdesk/contract';
