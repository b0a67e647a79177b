import { PERMISSIONS } from '@vaultdesk/contract';

/** The permission catalogue, each with what it allows. */
export function listPermissions() {
  return { permissions: Object.entries(PERMISSIONS).map(([key, description]) => ({ key, description })) };
}
