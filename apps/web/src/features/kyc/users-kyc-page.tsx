import { useState } from 'react';
import { Alert, Button, Flex, Input, Space } from 'antd';
import {
  KYC_FILTER_STATUSES,
  KYC_PAGE_SIZE,
  KYC_PAGE_SIZE_OPTIONS,
  type KycRecord,
  kycByLevelQuery,
} from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useMe } from '../../api/me';
import { useLiveTopic } from '../../api/use-live-topic';
import { kycKeys } from './query-keys';
import { useKycByLevel } from './api/get-kyc-by-level';
import { GatewaySelect } from './components/gateway-select';
import { KycLevelsModal } from './components/kyc-levels-modal';
import { KycFilterCards } from './components/kyc-filter-cards';
import { kycColumns } from './components/kyc-columns';
import { RandomKycButton } from './components/random-kyc-button';
import { useGateway } from './use-gateway';
import { DataTable } from '../../components/data-table';
import { Typography } from '../../components/typography';
import { useUrlState } from '../../components/use-url-state';
import { z } from 'zod';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The list's URL: the contract's level and page; the screen's own status filter, page sizes and search. */
const kycUrl = kycByLevelQuery.pick({ kycLevel: true, page: true }).extend({
  kycStatus: z.enum(KYC_FILTER_STATUSES).default('submitted'),
  pageSize: z.coerce
    .number()
    .refine((n) => (KYC_PAGE_SIZE_OPTIONS as readonly number[]).includes(n))
    .default(KYC_PAGE_SIZE),
  email: z.string().default(''),
  userId: z.string().regex(UUID).default(''),
});
/** Identity checks by level and status; level, status, search and page live in the URL. */
export const UsersKycPage = () => {
  const [url, write] = useUrlState(kycUrl);
  const me = useMe();
  const canEditLevels = !!me.data?.authRole.permissions.includes('kyc.levels');
  const { gateway, setGateway, gatewayQuery } = useGateway();
  const [levelsOpen, setLevelsOpen] = useState(false);

  // Level 2 is the specification's "second entry of levelList": levels are one per number, never
  // removed and listed by number (docs/decisions/kyc.md), so the list need not wait for the levels call.
  const { kycLevel: level, kycStatus: status, email, userId, page, pageSize } = url;
  const byUser = Boolean(email || userId);

  // A case a colleague decides (or a new submission) shows here within a second: the list and its counters are refetched.
  useLiveTopic('users-kyc', [kycKeys.lists]);
  const { data, isFetching, error } = useKycByLevel({
    kycLevel: level,
    // A search shows the customer's record whatever its state.
    kycStatus: byUser ? undefined : status,
    page,
    pageSize,
    userId: userId || undefined,
    email: email || undefined,
  });

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Users KYC
        </Typography.Title>
        <Space wrap>
          <Button onClick={() => setLevelsOpen(true)}>KYC Levels</Button>
          <RandomKycButton label="Manage Random KYC" gatewayQuery={gatewayQuery} />
        </Space>
      </Flex>

      <KycFilterCards
        selected={byUser ? null : { level, status }}
        counts={data?.kycCount}
        onSelect={(lv, st) =>
          write({ kycLevel: lv, kycStatus: st, page: undefined, email: undefined, userId: undefined })
        }
      />

      <Flex gap={12} wrap align="center">
        <GatewaySelect gateway={gateway} onChange={setGateway} />
        <Input.Search
          aria-label="Search by email"
          placeholder="Search by email"
          allowClear
          defaultValue={email}
          key={email}
          style={{ width: 320 }}
          enterButton="Search"
          onSearch={(v) => write({ email: v.trim() || undefined, userId: undefined, page: undefined })}
        />
        {byUser && (
          <Button onClick={() => write({ email: undefined, userId: undefined, page: undefined })}>Clear search</Button>
        )}
      </Flex>

      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <Typography.Text data-testid="kyc-record-count">{data?.totalRecords ?? 0} records</Typography.Text>
      <DataTable<KycRecord>
        data-testid="kyc-table"
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.record ?? []}
        scroll={{ x: 1000 }}
        pagination={{
          current: page,
          pageSize,
          total: data?.totalRecords ?? 0,
          showSizeChanger: true,
          pageSizeOptions: KYC_PAGE_SIZE_OPTIONS.map(String),
          onChange: (p, size) =>
            write({
              page: size !== pageSize ? undefined : p === 1 ? undefined : p,
              pageSize: size === KYC_PAGE_SIZE ? undefined : size,
            }),
        }}
        columns={kycColumns(gatewayQuery)}
      />
      <KycLevelsModal open={levelsOpen} onClose={() => setLevelsOpen(false)} canEdit={canEditLevels} />
    </Flex>
  );
};
