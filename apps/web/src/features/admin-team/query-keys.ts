/** The admin team screen: staff members, roles and the permission list. */
export const adminTeamKeys = {
  admins: ['admin-team', 'admins'] as const,
  adminsPage: (page: number) => ['admin-team', 'admins', page] as const,
  roles: ['admin-team', 'roles'] as const,
  rolesPage: (page: number, pageSize: number) => ['admin-team', 'roles', page, pageSize] as const,
  permissions: ['admin-team', 'permissions'] as const,
};
