import { Alert, Flex } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { KYC_SUSPECT_FIELDS, KYC_SUSPECT_LABELS, KYC_SUSPECTS_PAGE_SIZE, type KycSuspectRow } from '@vaultdesk/contract';
import { errorMessage } from '../../api/client';
import { useKycSuspects } from './api/get-kyc-suspects';
import { KycStatusTag } from './components/kyc-status-tag';
import { DataTable } from '../../components/data-table';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';

/** Every KYC record sharing one phone number, ID number or device with the case under review. */
export const KycSuspectsPage = () => {
  const [params, setParams] = useSearchParams();
  const field = KYC_SUSPECT_FIELDS.find((f) => params.get(f));
  const value = field ? params.get(field)! : '';
  const pageNumber = Number(params.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
  const { data, isFetching, error } = useKycSuspects({ page, pageSize: KYC_SUSPECTS_PAGE_SIZE, ...(field ? { [field]: value } : {}) }, !!field);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        All Possible Suspects with same {field ? `${KYC_SUSPECT_LABELS[field]}: ${value}` : '...'}
      </Typography.Title>
      {!field && <Alert type="info" showIcon title="Open this page from a fraud indicator (phone number, ID number or device)." />}
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <DataTable<KycSuspectRow>
        data-testid="kyc-suspects-table"
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        scroll={{ x: 900 }}
        pagination={{
          current: page,
          pageSize: KYC_SUSPECTS_PAGE_SIZE,
          total: data?.totalRecords ?? 0,
          showSizeChanger: false,
          showTotal: (n) => `${n} records`,
          onChange: (p) => {
            const out = new URLSearchParams(params);
            if (p === 1) out.delete('page');
            else out.set('page', String(p));
            setParams(out);
          },
        }}
        columns={[
          { title: 'User', key: 'user', render: (_, r) => <Link to={`/manage-kyc/${r.userId._id}`}>{r.userId.username}</Link> },
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
