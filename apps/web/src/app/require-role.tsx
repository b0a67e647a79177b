import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useMe } from '../api/me';
import { FullPageSpin } from '../components/full-page-spin';
import { ForbiddenResult } from '../components/status-results';

// Apart from the other guards: it reads the admin's role (GET admin/me), which only signed-in
// screens need, so the sign-in page does not download it.
/** Mirrors the server's role rule on a screen; the server still refuses the calls themselves. */
/** Renders its children, or the nested routes when used as a layout route. */
export const RequireRole = ({ allow, children }: { allow: (roleName: string) => boolean; children?: ReactNode }) => {
  const { data } = useMe();
  if (!data) return <FullPageSpin />;
  if (!allow(data.authRole.name)) return <ForbiddenResult />;
  return children ?? <Outlet />;
};
