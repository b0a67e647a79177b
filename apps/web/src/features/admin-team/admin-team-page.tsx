import { Flex } from 'antd';
import { z } from 'zod';
import { adminUsersQuery } from '@vaultdesk/contract';
import { AdminUsersTab } from './components/admin-users-tab';
import { RolesTab } from './components/roles-tab';
import { LightTabs } from '../../components/light-tabs';
import { Typography } from '../../components/typography';
import { useUrlState } from '../../components/use-url-state';

const teamUrl = z.object({ tab: z.enum(['admins', 'roles']).default('admins'), page: adminUsersQuery.shape.page });

/** Admin Team: admin users (20 per page) and roles (size 10); tab and page live in the URL. */
export const AdminTeamPage = () => {
  const [{ tab, page }, setUrl] = useUrlState(teamUrl);
  const setPage = (p: number) => setUrl({ page: p });
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Admin Team
      </Typography.Title>
      <LightTabs
        activeKey={tab}
        onChange={(key) => setUrl({ tab: key }, { keep: false })}
        items={[
          { key: 'admins', label: 'Admin Users', children: <AdminUsersTab page={page} onPageChange={setPage} /> },
          { key: 'roles', label: 'Roles', children: <RolesTab page={page} onPageChange={setPage} /> },
        ]}
      />
    </Flex>
  );
};
