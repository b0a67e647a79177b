import { useEffect, useRef, useState } from 'react';
import { App, Button, Flex, Progress } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { CSV_DOWNLOADED, exportRecord, exportStarted, type ExportStarted } from '@vaultdesk/contract';
import { apiRequest, downloadFile, errorMessage } from '../api/client';
import { Typography } from '../components/typography';
import { exportsKeys } from '../api/query-keys';

type QueryValue = string | number | boolean | null | undefined;

type Props = {
  /** The report's own call; the export is that call with `download=true` and the same filter. */
  path: string;
  query: Record<string, QueryValue>;
  /** Name used when the server sends none. */
  fileName: string;
  label?: string;
  disabled?: boolean;
};

const formatBytes = (n: number) =>
  n >= 1_048_576 ? `${(n / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(n / 1024))} KB`;

/**
 * The export control every report shares: starts an export of exactly the filtered rows, shows
 * its progress while the worker writes it, then downloads the file ('CSV file downloaded').
 */
export const CsvExportButton = ({ path, query, fileName, label = 'Export CSV', disabled }: Props) => {
  const { message } = App.useApp();
  const [started, setStarted] = useState<ExportStarted | null>(null);
  const [busy, setBusy] = useState(false);
  const downloaded = useRef<string | null>(null);

  const progress = useQuery({
    queryKey: exportsKeys.one(started?.exportId),
    queryFn: async ({ signal }) =>
      (await apiRequest(`admin/exports/${started!.exportId}`, exportRecord, { signal })).data,
    enabled: !!started,
    refetchInterval: (q) =>
      q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed') ? false : 1000,
  });
  const record = progress.data;

  useEffect(() => {
    if (!started || !record || downloaded.current === started.exportId) return;
    if (record.status === 'failed') {
      downloaded.current = started.exportId;
      message.error(record.error ?? 'The export failed');
      setStarted(null);
      return;
    }
    if (record.status !== 'done') return;
    downloaded.current = started.exportId;
    downloadFile(record.link ?? started.link, fileName).then(
      () => {
        message.success(CSV_DOWNLOADED);
        setStarted(null);
      },
      (error: unknown) => {
        message.error(errorMessage(error));
        setStarted(null);
      },
    );
  }, [started, record, fileName, message]);

  const start = async () => {
    setBusy(true);
    try {
      const { data } = await apiRequest(path, exportStarted, { query: { ...query, page: undefined, download: true } });
      setStarted(data);
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const running = !!started;
  return (
    <Flex align="center" gap={12} data-testid="csv-export">
      <Button icon={<DownloadOutlined />} onClick={() => void start()} loading={busy || running} disabled={disabled}>
        {label}
      </Button>
      {running && (
        <Flex align="center" gap={8} role="status" aria-label="Export progress">
          <Progress
            type="circle"
            size={20}
            percent={record?.status === 'done' ? 100 : 50}
            status="active"
            showInfo={false}
          />
          <Typography.Text type="secondary">
            {!record || record.status === 'queued'
              ? 'Export queued…'
              : record.status === 'running'
                ? `Exporting… ${record.rowsWritten.toLocaleString('en-US')} rows (${formatBytes(record.bytes)})`
                : record.status === 'done'
                  ? `${(record.totalRows ?? 0).toLocaleString('en-US')} rows exported, downloading…`
                  : 'Export failed'}
          </Typography.Text>
        </Flex>
      )}
    </Flex>
  );
};
