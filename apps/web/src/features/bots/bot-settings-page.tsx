import { Alert, App, Flex, Result, Switch } from 'antd';
import dayjs from 'dayjs';
import { SCHEDULER_MISSING_TEXT, type BotConfig, type BotRun } from '@vaultdesk/contract';
import { ApiError, errorMessage } from '../../api/client';
import { useConfigs } from './api/get-configs';
import { useCronjobTime } from './api/get-cronjob-time';
import { useBotRuns } from './api/get-bot-runs';
import { useUpdateConfigMutation } from './api/update-config';
import { StatusTag } from '../../components/status-tag';
import { DataTable } from '../../components/data-table';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';
import { Select } from '../../components/lazy-select';

const outcomeColor = (o: string) => (o === 'succeeded' ? 'green' : o === 'failed' ? 'red' : o === 'running' ? 'blue' : 'default');

const ConfigControl = ({ config, intervals }: { config: BotConfig; intervals: { label: string; value: string }[] }) => {
  const update = useUpdateConfigMutation();
  const { message } = App.useApp();
  const save = (value: string) =>
    update.mutate({ id: config.id, value }, {
      onSuccess: (res) => void message.success(res.message),
      onError: (err) => void message.error(errorMessage(err)),
    });
  if (config.kind === 'switch') {
    return (
      <Switch
        aria-label={config.name}
        checked={config.value === 'true'}
        loading={update.isPending}
        checkedChildren="on"
        unCheckedChildren="off"
        onChange={(on) => save(on ? 'true' : 'false')}
      />
    );
  }
  return (
    <Select
      aria-label={config.name}
      style={{ width: 220 }}
      value={config.value}
      loading={update.isPending}
      options={intervals.map((i) => ({ value: i.value, label: i.label }))}
      onChange={save}
    />
  );
};

/** Bot Configurations: the scheduler's switches and cron intervals, and each bot's last runs. */
export const BotSettingsPage = () => {
  const configs = useConfigs();
  const times = useCronjobTime();
  const runs = useBotRuns();
  if (configs.error instanceof ApiError && configs.error.status === 404) {
    return <Result status="404" title="404" subTitle={`Scheduler not reachable: ${SCHEDULER_MISSING_TEXT}`} />;
  }
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>Bot Configurations</Typography.Title>
      {configs.error && <Alert type="error" showIcon title={errorMessage(configs.error)} />}
      <Card title="Switches and intervals">
        <DataTable<BotConfig>
          data-testid="bot-configs"
          rowKey="id"
          size="small"
          pagination={false}
          loading={configs.isFetching}
          dataSource={configs.data ?? []}
          columns={[
            { title: 'Name', dataIndex: 'name' },
            { title: 'Description', dataIndex: 'description' },
            { title: 'Value', render: (_, c) => <ConfigControl config={c} intervals={times.data?.systemTime ?? []} /> },
            { title: 'Updated', dataIndex: 'updatedAt', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
          ]}
        />
      </Card>
      <Card title="Last runs" extra={runs.data?.schedulerSeenAt ? `Scheduler seen ${dayjs(runs.data.schedulerSeenAt).format('HH:mm:ss')}` : null}>
        <DataTable<BotRun>
          data-testid="bot-runs"
          rowKey="id"
          size="small"
          pagination={false}
          loading={runs.isLoading}
          dataSource={runs.data?.runs ?? []}
          columns={[
            { title: 'Bot', dataIndex: 'bot' },
            { title: 'Started', dataIndex: 'startedAt', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm:ss') },
            { title: 'Outcome', dataIndex: 'outcome', render: (o: string) => <StatusTag color={outcomeColor(o)}>{o}</StatusTag> },
            { title: 'Duration', dataIndex: 'durationMs', render: (v: number | null) => (v === null ? '' : `${v} ms`) },
            { title: 'Detail', dataIndex: 'detail' },
          ]}
        />
      </Card>
    </Flex>
  );
};
