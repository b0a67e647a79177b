import { App, Button, Flex, Form, Input, Popconfirm } from 'antd';
import { ADDRESS, PROVIDERS_PAGE_SIZE, type LiquidityProvider, providersQuery } from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useLiquidityProviders } from './api/get-liquidity-providers';
import { useAddProvider, useSetProviderActive } from './api/provider-mutations';
import { StatusTag } from '../../components/status-tag';
import { DataTable } from '../../components/data-table';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';
import { useUrlState } from '../../components/use-url-state';

const pageUrl = providersQuery.pick({ page: true });

/** Liquidity Providers: list (30 a page), add with a valid address, Activate/Deactivate with confirmation, who edited last. */
export const LiquidityProvidersPage = () => {
  const { message } = App.useApp();
  const [{ page }, setUrl] = useUrlState(pageUrl);
  const { data, isFetching } = useLiquidityProviders(page);
  const add = useAddProvider();
  const setActive = useSetProviderActive();
  const [form] = Form.useForm<{ name: string; walletAddress: string }>();

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Liquidity Providers
      </Typography.Title>
      <Form
        form={form}
        layout="inline"
        aria-label="Add liquidity provider"
        onFinish={(v) =>
          add.mutate(
            { name: v.name.trim(), walletAddress: v.walletAddress.trim() },
            {
              onSuccess: (r) => {
                message.success(r.message);
                form.resetFields();
              },
              onError: (e) => message.error(errorMessage(e)),
            },
          )
        }
      >
        <Form.Item
          name="name"
          label="Name"
          rules={[{ required: true, whitespace: true, message: 'Enter the provider name' }]}
        >
          <Input style={{ width: 220 }} />
        </Form.Item>
        <Form.Item
          name="walletAddress"
          label="Wallet address"
          rules={[
            { required: true, message: 'Enter the wallet address' },
            { pattern: ADDRESS, message: 'Enter a valid wallet address' },
          ]}
        >
          <Input style={{ width: 400 }} placeholder="0x..." />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          Add provider
        </Button>
      </Form>
      <DataTable<LiquidityProvider>
        rowKey="_id"
        size="small"
        aria-label="Liquidity providers"
        loading={isFetching}
        dataSource={data?.records ?? []}
        pagination={{
          current: page,
          pageSize: PROVIDERS_PAGE_SIZE,
          total: data?.totalRecords ?? 0,
          showSizeChanger: false,
          onChange: (p) => setUrl({ page: p }, { keep: false }),
        }}
        columns={[
          { title: 'Name', dataIndex: 'name', key: 'name' },
          {
            title: 'Wallet address',
            dataIndex: 'walletAddress',
            key: 'walletAddress',
            render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
          },
          {
            title: 'Status',
            dataIndex: 'isActive',
            key: 'isActive',
            render: (a: boolean) => <StatusTag color={a ? 'green' : 'gray'}>{a ? 'Active' : 'Inactive'}</StatusTag>,
          },
          { title: 'Edited by', key: 'editedBy', render: (_, r) => r.editedBy?.email ?? '—' },
          {
            title: zoned('Updated'),
            dataIndex: 'updatedAt',
            key: 'updatedAt',
            render: (v: string) => formatDateTime(v),
          },
          {
            title: 'Action',
            key: 'action',
            render: (_, r) => (
              <Popconfirm
                title="Are you sure?"
                description={`${r.isActive ? 'Deactivate' : 'Activate'} ${r.name}?`}
                okText="Yes"
                onConfirm={() =>
                  setActive.mutateAsync({ providerId: r._id, isActive: !r.isActive }).then(
                    (res) => message.success(res.message),
                    (e: unknown) => message.error(errorMessage(e)),
                  )
                }
              >
                <Button size="small" danger={r.isActive}>
                  {r.isActive ? 'Deactivate' : 'Activate'}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </Flex>
  );
};
