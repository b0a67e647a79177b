import { Flex } from 'antd';
import { useSearchParams } from 'react-router';
import { AdminUsersTab } from './components/admin-users-tab';
import { RolesTab } from './components/roles-tab';
import { LightTabs } from '../../components/light-tabs';
import { Typography } from '../../components/typography';

/** Admin Team: admin users (20 per page) and roles (size 10); tab and page live in the URL. */
export const AdminTeamPage = () => {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'roles' ? 'roles' : 'admins';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const setPage = (p: number) => setParams((prev) => { const next = new URLSearchParams(prev); next.set('page', String(p)); return next; });
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>Admin Team</Typography.Title>
      <LightTabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key })}
        items={[
          { key: 'admins', label: 'Admin Users', children: <AdminUsersTab page={page} onPageChange={setPage} /> },
          { key: 'roles', label: 'Roles', children: <RolesTab page={page} onPageChange={setPage} /> },
        ]}
      />
    </Flex>
  );
};
