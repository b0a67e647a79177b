// Its own module so the API client can load the schema (and zod) only when a call fails.
export { errorBody } from '@vaultdesk/contract';
