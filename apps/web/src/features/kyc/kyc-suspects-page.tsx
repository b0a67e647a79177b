import { Alert, Flex } from 'antd';
import { Link } from 'react-router';
import {
  KYC_SUSPECT_FIELDS,
  KYC_SUSPECT_LABELS,
  KYC_SUSPECTS_PAGE_SIZE,
  type KycSuspectRow,
  kycSuspectsQuery,
} from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useKycSuspects } from './api/get-kyc-suspects';
import { KycStatusTag } from './components/kyc-status-tag';
import { DataTable, serverPages } from '../../components/data-table';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';
import { useUrlState } from '../../components/use-url-state';
import { z } from 'zod';

const suspects = kycSuspectsQuery.shape;
/** The record's one field (the first given) and the page; the contract's own refinement (exactly one field) is for the API. */
const suspectsUrl = z.object({
  page: suspects.page,
  phoneNumber: suspects.phoneNumber,
  idcardNumber: suspects.idcardNumber,
  deviceId: suspects.deviceId,
});
const PAGE_DEFAULT = { page: 1 };

/** Every KYC record sharing one phone number, ID number or device with the case under review. */
export const KycSuspectsPage = () => {
  const [url, setUrl] = useUrlState(suspectsUrl, { omit: PAGE_DEFAULT });
  const field = KYC_SUSPECT_FIELDS.find((f) => url[f]);
  const value = field ? url[field]! : '';
  const { page } = url;
  const { data, isFetching, error } = useKycSuspects(
    { page, pageSize: KYC_SUSPECTS_PAGE_SIZE, ...(field ? { [field]: value } : {}) },
    !!field,
  );
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        All Possible Suspects with same {field ? `${KYC_SUSPECT_LABELS[field]}: ${value}` : '...'}
      </Typography.Title>
      {!field && (
        <Alert
          type="info"
          showIcon
          title="Open this page from a fraud indicator (phone number, ID number or device)."
        />
      )}
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <DataTable<KycSuspectRow>
        data-testid="kyc-suspects-table"
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        scroll={{ x: 900 }}
        pagination={serverPages(
          page,
          KYC_SUSPECTS_PAGE_SIZE,
          data?.totalRecords,
          (p) => setUrl({ page: p }),
          (n) => `${n} records`,
        )}
        columns={[
          {
            title: 'User',
            key: 'user',
            render: (_, r) => <Link to={`/manage-kyc/${r.userId._id}`}>{r.userId.username}</Link>,
          },
          { title: 'Email', key: 'email', render: (_, r) => r.userId.email },
          { title: 'Name', key: 'name', render: (_, r) => `${r.firstName} ${r.lastName}` },
          { title: 'Phone number', dataIndex: 'phoneNumber', render: (v: string | null) => v ?? '—' },
          { title: 'ID number', dataIndex: 'idcardNumber', render: (v: string | null) => v ?? '—' },
          { title: 'Device ID', dataIndex: 'deviceId', render: (v: string | null) => v ?? '—' },
          { title: 'Level 2', dataIndex: 'levelTwoStatus', render: (v: string | null) => <KycStatusTag status={v} /> },
          { title: zoned('Submitted'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
        ]}
      />
    </Flex>
  );
};
