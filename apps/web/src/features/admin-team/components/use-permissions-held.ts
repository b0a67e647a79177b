import { useMe } from '../../../api/me';

/** The signed-in admin's permissions: the page only offers what the server would allow. */
export const usePermissionsHeld = () => useMe().data?.authRole.permissions ?? [];
