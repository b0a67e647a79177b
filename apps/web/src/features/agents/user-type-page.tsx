import { lazy, Suspense, useState } from 'react';
import { App, Button, Empty, Flex, Popconfirm, Space } from 'antd';
import { Link } from 'react-router';
import { AGENTS_PAGE_SIZE, type AgentRow, sortUserByUserTypeQuery } from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useAgentsByUserType } from './api/get-agents-by-usertype';
import { useUserTypes } from './api/get-user-types';
import { useRemoveUsertypeMutation } from './api/remove-usertype';
import { DataTable } from '../../components/data-table';
import { LightTabs } from '../../components/light-tabs';
import { Typography } from '../../components/typography';
import { useUrlState } from '../../components/use-url-state';
import { z } from 'zod';

/** The tab (any text: it is matched against the loaded user types) and the page. */
const userTypeUrl = z.object({ userType: z.string().optional(), page: sortUserByUserTypeQuery.shape.page });
const PAGE_DEFAULT = { page: 1 };

// The dialogs and the drawer (forms, the webcam, the image pickers) load when opened, not with the list.
const AgentInfoDrawer = lazy(() =>
  import('./components/agent-info-drawer').then((m) => ({ default: m.AgentInfoDrawer })),
);
const AllUserTypesDialog = lazy(() =>
  import('./components/all-user-types-dialog').then((m) => ({ default: m.AllUserTypesDialog })),
);
const CreateAgentDialog = lazy(() =>
  import('./components/create-agent-dialog').then((m) => ({ default: m.CreateAgentDialog })),
);
const UserTypeNameDialog = lazy(() =>
  import('./components/user-type-name-dialog').then((m) => ({ default: m.UserTypeNameDialog })),
);

type Dialog = 'create-type' | 'all-types' | 'create-agent' | null;

/** User Type: a tab per user type listing its agents; user types and agents are created and removed here. */
export const UserTypePage = () => {
  const [url, setUrl] = useUrlState(userTypeUrl, { keep: false, omit: PAGE_DEFAULT });
  const types = useUserTypes();
  const userTypes = types.data ?? [];
  // The tab is in the URL (?userType=), so a shared link opens the same list; default the first type.
  const current = userTypes.find((t) => t.name === url.userType)?.name ?? userTypes[0]?.name;
  const { page } = url;
  const agents = useAgentsByUserType(current, page);
  const remove = useRemoveUsertypeMutation();
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [info, setInfo] = useState<AgentRow | null>(null);

  const go = (userType: string, p = 1) => setUrl({ userType, page: p });

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        User Type
      </Typography.Title>
      <Space wrap>
        <Button type="primary" onClick={() => setDialog('create-type')}>
          Create new UserType
        </Button>
        <Button onClick={() => setDialog('all-types')}>All UserTypes</Button>
        <Button type="primary" onClick={() => setDialog('create-agent')} disabled={!userTypes.length}>
          Create new Agent
        </Button>
      </Space>
      {types.isSuccess && !userTypes.length ? (
        <Empty description="No user types yet: create one first" />
      ) : (
        <>
          <LightTabs
            activeKey={current}
            onChange={(key) => go(key)}
            items={userTypes.map((t) => ({ key: t.name, label: t.name }))}
          />
          <Typography.Text type="secondary" data-testid="agents-count">
            {agents.data ? `${agents.data.totalRecords} ${agents.data.totalRecords === 1 ? 'agent' : 'agents'}` : ' '}
          </Typography.Text>
          <DataTable<AgentRow>
            data-testid="agents-table"
            rowKey="_id"
            loading={types.isPending || agents.isFetching}
            dataSource={agents.data?.getUserTypes ?? []}
            pagination={{
              current: page,
              pageSize: AGENTS_PAGE_SIZE,
              total: agents.data?.totalRecords ?? 0,
              showSizeChanger: false,
              onChange: (p) => current && go(current, p),
            }}
            columns={[
              { title: 'Username', dataIndex: 'username' },
              { title: 'Email', dataIndex: 'email' },
              {
                title: 'Agent Info',
                render: (_, a) => (
                  <Button size="small" aria-label={`Agent Info ${a.username}`} onClick={() => setInfo(a)}>
                    Agent Info
                  </Button>
                ),
              },
              {
                title: 'Remove As Agent',
                render: (_, a) => (
                  <Popconfirm
                    title="Are you sure?"
                    onConfirm={() =>
                      remove.mutateAsync({ email: a.email, usertype: a.userType }).then(
                        (res) => void message.success(res.message),
                        (err) => void message.info(errorMessage(err)),
                      )
                    }
                  >
                    <Button size="small" danger aria-label={`Remove As Agent ${a.username}`}>
                      Remove As Agent
                    </Button>
                  </Popconfirm>
                ),
              },
              {
                title: 'Profile',
                render: (_, a) => (
                  <Link to={`/user-profile/${a._id}`} aria-label={`View Profile ${a.username}`}>
                    View Profile
                  </Link>
                ),
              },
            ]}
          />
        </>
      )}
      <Suspense fallback={null}>
        {dialog === 'create-type' && <UserTypeNameDialog userType={null} onClose={() => setDialog(null)} />}
        {dialog === 'all-types' && (
          <AllUserTypesDialog userTypes={userTypes} loading={types.isFetching} onClose={() => setDialog(null)} />
        )}
        {dialog === 'create-agent' && (
          <CreateAgentDialog userTypes={userTypes} defaultType={current} onClose={() => setDialog(null)} />
        )}
        {info && <AgentInfoDrawer agent={info} onClose={() => setInfo(null)} />}
      </Suspense>
    </Flex>
  );
};
