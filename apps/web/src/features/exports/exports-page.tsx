import { App, Button, Flex, Segmented } from 'antd';
import { CSV_DOWNLOADED, type ExportRecord, type ExportStatus, exportsQuery } from '@vaultdesk/contract';
import { downloadFile, errorMessage } from '../../api/client';
import { useMe } from '../../api/me';
import { useExports } from './api/get-exports';
import { StatusTag } from '../../components/status-tag';
import { DataTable, type DataColumns } from '../../components/data-table';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';
import { useUrlState } from '../../components/use-url-state';

const exportsUrl = exportsQuery.pick({ scope: true, page: true });

const STATUS_COLOR: Record<ExportStatus, string> = { queued: 'default', running: 'blue', done: 'green', failed: 'red' };
const when = (iso: string | null) => formatDateTime(iso, { seconds: true, fallback: '—' });
const filterText = (params: Record<string, unknown>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ');

/** Every CSV export with who asked and when; one's own can be downloaded again while the link lasts. */
export const ExportsPage = () => {
  const { message } = App.useApp();
  const me = useMe();
  const [url, setUrl] = useUrlState(exportsUrl, { keep: false });
  const canSeeAll = !!me.data?.authRole.permissions.includes('exports.audit');
  const scope = canSeeAll && url.scope === 'all' ? 'all' : 'mine';
  const { page } = url;
  const { data, isFetching } = useExports({ scope, page });

  const columns: DataColumns<ExportRecord> = [
    { title: zoned('Requested'), dataIndex: 'createdAt', key: 'createdAt', render: when, width: 170 },
    { title: 'Requested by', key: 'by', render: (_, r) => `${r.requestedBy.fullName} (${r.requestedBy.email})` },
    { title: 'Report', dataIndex: 'reportName', key: 'report' },
    { title: 'Filter', dataIndex: 'params', key: 'params', render: filterText },
    {
      title: 'Status',
      dataIndex: 'status',
      key: 'status',
      render: (v: ExportStatus) => <StatusTag color={STATUS_COLOR[v]}>{v}</StatusTag>,
    },
    {
      title: 'Rows',
      dataIndex: 'rowsWritten',
      key: 'rows',
      align: 'right',
      render: (v: number) => v.toLocaleString('en-US'),
    },
    { title: zoned('Finished'), dataIndex: 'finishedAt', key: 'finishedAt', render: when, width: 170 },
    {
      title: 'File',
      key: 'file',
      render: (_, r) =>
        r.link && r.status === 'done' ? (
          <Button
            size="small"
            onClick={() =>
              downloadFile(r.link!, `${r.report}.csv`).then(
                () => message.success(CSV_DOWNLOADED),
                (e: unknown) => message.error(errorMessage(e)),
              )
            }
          >
            Download
          </Button>
        ) : r.status === 'failed' ? (
          (r.error ?? 'failed')
        ) : (
          '—'
        ),
    },
  ];

  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Exports
      </Typography.Title>
      {canSeeAll && (
        <Segmented
          aria-label="Whose exports"
          value={scope}
          options={[
            { value: 'mine', label: 'Mine' },
            { value: 'all', label: 'All staff' },
          ]}
          onChange={(v) => setUrl(v === 'all' ? { scope: 'all' } : {})}
        />
      )}
      <DataTable<ExportRecord>
        rowKey="_id"
        size="small"
        data-testid="exports-table"
        columns={columns}
        dataSource={data?.records ?? []}
        loading={isFetching && !data}
        pagination={false}
      />
      <Flex gap={8}>
        <Button disabled={page <= 1} onClick={() => setUrl({ ...(scope === 'all' ? { scope } : {}), page: page - 1 })}>
          Newer
        </Button>
        <Button
          disabled={!data?.hasMore}
          onClick={() => setUrl({ ...(scope === 'all' ? { scope } : {}), page: page + 1 })}
        >
          Older
        </Button>
      </Flex>
    </Flex>
  );
};
