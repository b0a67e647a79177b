import { useMe } from '../../../api/me';

/** The signed-in admin's permissions: the page only offers what the server would allow. */
export const usePermissionsHeld = () => useMe().data?.authRole.permissions ?? [];

/** The permissions of `wanted` not in `held`: a role or admin holding any is beyond the signed-in admin's reach. */
export const beyondHeld = (held: readonly string[], wanted: readonly string[]) =>
  wanted.filter((p) => !held.includes(p));
