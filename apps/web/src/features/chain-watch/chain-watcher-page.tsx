import { Alert, Button, Descriptions, Empty, Flex, Space } from 'antd';
import {
  CHAIN_DEPOSIT,
  CHAIN_DEPOSIT_STATUSES,
  CHAIN_WATCH_PAGE_SIZE,
  chainWatchQuery,
  formatAmount,
  shortAddress,
  stateInfo,
  type ChainDepositRecord,
  type ChainWatchState,
} from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useChainWatcher } from './api/get-chain-watcher';
import { StateTag } from '../../components/status-tag';
import { DataTable } from '../../components/data-table';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';
import { txHashLink } from '../../components/columns';
import { useUrlState } from '../../components/use-url-state';

const chainWatchUrl = chainWatchQuery.pick({ status: true, page: true });
const URL_DEFAULTS = { status: 'all', page: 1 };
const FILTERS = ['all', ...CHAIN_DEPOSIT_STATUSES] as const;
type Filter = (typeof FILTERS)[number];

const address = (a: string) => <Typography.Text title={a}>{shortAddress(a)}</Typography.Text>;
const dash = (v: number | null | undefined, unit = '') => (v === null || v === undefined ? '—' : `${v}${unit}`);

const dayTotals = (rows: ChainWatchState['today']['seen']) =>
  rows.length ? rows.map((r) => `${r.count} · ${formatAmount(r.amount)} ${r.currency}`).join(', ') : 'none';

/** One chain the watcher follows: where it is against the head, and how long ago the head was read. */
const ChainCard = ({ chain }: { chain: ChainWatchState['chains'][number] }) => (
  <Card title={`${chain.chainName} (chain ${chain.chainId})`}>
    <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} data-testid={`chain-${chain.chainId}`}>
      <Descriptions.Item label="Chain head">{dash(chain.headBlock)}</Descriptions.Item>
      <Descriptions.Item label="Last block processed">{chain.lastBlock}</Descriptions.Item>
      <Descriptions.Item label="Lag">
        {dash(chain.lagBlocks, ' blocks')} · {dash(chain.lagSeconds, ' s')}
      </Descriptions.Item>
      <Descriptions.Item label="Head read">
        {chain.headSeenAt ? `${formatDateTime(chain.headSeenAt)} (${dash(chain.headAgeSeconds, ' s')} ago)` : '—'}
      </Descriptions.Item>
      <Descriptions.Item label="Last error">
        {chain.lastError ? `${chain.lastError} (${formatDateTime(chain.lastErrorAt)})` : 'none'}
      </Descriptions.Item>
    </Descriptions>
  </Card>
);

export const ChainWatcherPage = () => {
  const [{ status, page }, setUrl] = useUrlState(chainWatchUrl);
  const { data, isFetching, error } = useChainWatcher(status, page);
  const write = (next: { status: Filter; page: number }) => setUrl(next, { keep: false, omit: URL_DEFAULTS });
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Chain watcher
      </Typography.Title>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      {data && !data.chains.length && (
        <Empty description="The chain watcher has not read any chain yet: it records its cursor on its first scan." />
      )}
      {data?.chains.map((c) => (
        <ChainCard key={c.chainId} chain={c} />
      ))}
      {data && (
        <Card title={`Today (${data.today.day}, UTC)`}>
          <Descriptions size="small" column={1} data-testid="chain-watch-today">
            <Descriptions.Item label="Deposits seen">{dayTotals(data.today.seen)}</Descriptions.Item>
            <Descriptions.Item label="Deposits credited">{dayTotals(data.today.credited)}</Descriptions.Item>
          </Descriptions>
        </Card>
      )}
      {data && data.errors.length > 0 && (
        <Card title="Last errors">
          {data.errors.map((e) => (
            <Alert
              key={e.chainId}
              type="warning"
              showIcon
              title={`Chain ${e.chainId}, ${formatDateTime(e.at)}: ${e.message}`}
            />
          ))}
        </Card>
      )}
      <Card title="Recorded transfers">
        <Flex vertical gap={12}>
          <Space wrap>
            {FILTERS.map((s) => (
              <Button
                key={s}
                aria-pressed={status === s}
                type={status === s ? 'primary' : 'default'}
                onClick={() => write({ status: s, page: 1 })}
              >
                {s === 'all' ? 'All' : stateInfo(CHAIN_DEPOSIT, s).label}
              </Button>
            ))}
          </Space>
          <DataTable<ChainDepositRecord>
            data-testid="chain-deposits-table"
            rowKey="_id"
            size="small"
            loading={isFetching && !data}
            dataSource={data?.deposits.records ?? []}
            scroll={{ x: 'max-content' }}
            pagination={{
              current: page,
              pageSize: CHAIN_WATCH_PAGE_SIZE,
              total: data?.deposits.totalRecords ?? 0,
              showSizeChanger: false,
              onChange: (p) => write({ status, page: p }),
            }}
            columns={[
              { title: zoned('Seen'), dataIndex: 'seenAt', render: (v: string) => formatDateTime(v) },
              {
                title: 'Status',
                dataIndex: 'status',
                render: (v: string) => <StateTag machine={CHAIN_DEPOSIT} state={v} />,
              },
              { title: 'Reason', dataIndex: 'reason', render: (v: string | null) => v ?? '' },
              { title: 'Customer', dataIndex: 'username', render: (v: string | null) => v ?? '—' },
              { title: 'Amount', dataIndex: 'amount', align: 'right', render: (v: string) => formatAmount(v) },
              { title: 'Currency', dataIndex: 'currency' },
              { title: 'Block', dataIndex: 'blockNumber' },
              { title: 'Confirmations', dataIndex: 'confirmations', render: (v: number | null) => dash(v) },
              { title: 'From', dataIndex: 'fromAddress', render: address },
              { title: 'To', dataIndex: 'toAddress', render: address },
              { title: 'Hash', dataIndex: 'txHash', render: txHashLink },
            ]}
          />
        </Flex>
      </Card>
    </Flex>
  );
};
