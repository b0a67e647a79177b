import { useEffect } from 'react';
import { App, Button, Descriptions, Flex, Form, Input, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  INPUT_A_REFERENCE,
  REWARD_SEARCH_DONE,
  type RewardRecord,
  formatAmount,
  rewardRecordQuery,
} from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { rewardRecordsQueryOptions, useRewardRecords } from './api/get-reward-records';
import { TxHashLink } from './components/tx-hash-links';
import { DataTable, type DataColumns } from '../../components/data-table';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';
import { useUrlState } from '../../components/use-url-state';

const columns: DataColumns<RewardRecord> = [
  { title: zoned('Date'), dataIndex: 'createdAt', key: 'createdAt', render: (v: string) => formatDateTime(v) },
  { title: 'Amount', dataIndex: 'amount', key: 'amount', align: 'right', render: (v: string) => formatAmount(v) },
  { title: 'Currency', dataIndex: 'currency', key: 'currency' },
  {
    title: 'Status',
    dataIndex: 'status',
    key: 'status',
    render: (v: string) => <Tag color={v === 'paid' ? 'green' : 'gold'}>{v}</Tag>,
  },
  {
    title: 'Transaction Hash',
    dataIndex: 'transactionHash',
    key: 'hash',
    render: (v: string | null) => (v ? <TxHashLink hash={v} /> : <Typography.Text type="secondary">—</Typography.Text>),
  },
];

/** Reward records of a plan, searched by plan id; the searched id lives in the URL. */
export const RewardRecordPage = () => {
  const [url, setUrl] = useUrlState(rewardRecordQuery, { keep: false });
  const planId = url.planId ?? '';
  const [form] = Form.useForm<{ planId: string }>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data, isFetching, error } = useRewardRecords(planId);

  useEffect(() => {
    form.setFieldsValue({ planId });
  }, [form, planId]);

  const search = async ({ planId: raw }: { planId?: string }) => {
    const reference = raw?.trim() ?? '';
    if (!reference) {
      // The specification's text, and no call.
      message.warning(INPUT_A_REFERENCE);
      return;
    }
    setUrl({ planId: reference });
    try {
      const result = await queryClient.fetchQuery({ ...rewardRecordsQueryOptions(reference), staleTime: 0 });
      if (result.message === REWARD_SEARCH_DONE) message.success(result.message);
      else message.info(result.message);
    } catch (e) {
      message.error(errorMessage(e));
    }
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Reward Record
      </Typography.Title>
      <Form form={form} layout="inline" onFinish={(v) => void search(v)} aria-label="Reward record search">
        <Form.Item name="planId" label="Plan ID">
          <Input allowClear placeholder="Plan id" style={{ width: 360 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isFetching}>
          Search
        </Button>
      </Form>
      {error && <Typography.Text type="danger">{errorMessage(error)}</Typography.Text>}
      {data && (
        <>
          <Typography.Text data-testid="reward-message">{data.message}</Typography.Text>
          {Object.keys(data.data.total).length > 0 && (
            <Descriptions
              size="small"
              bordered
              column={3}
              items={Object.entries(data.data.total).map(([currency, total]) => ({
                key: currency,
                label: `Total ${currency}`,
                children: <span data-testid={`reward-total-${currency}`}>{formatAmount(total)}</span>,
              }))}
            />
          )}
          <DataTable<RewardRecord>
            rowKey="_id"
            size="small"
            columns={columns}
            dataSource={data.data.records}
            loading={isFetching}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            data-testid="reward-records"
          />
        </>
      )}
    </Flex>
  );
};
