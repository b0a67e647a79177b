import { Alert, App, Flex, Result, Switch } from 'antd';
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
import { formatDateTime, formatTime, timeZoneName, zoned } from '../../components/date-time';

const outcomeColor = (o: string) =>
  o === 'succeeded' ? 'green' : o === 'failed' ? 'red' : o === 'running' ? 'blue' : 'default';

const ConfigControl = ({ config, intervals }: { config: BotConfig; intervals: { label: string; value: string }[] }) => {
  const update = useUpdateConfigMutation();
  const { message, modal } = App.useApp();
  // Spec 002 §5: a modifying action asks first. The control shows the saved value until the
  // server has the new one, so No leaves it (and the scheduler) as it was.
  const save = (value: string, what: string) =>
    modal.confirm({
      title: 'Are you sure?',
      content: what,
      okText: 'Yes',
      cancelText: 'No',
      onOk: () =>
        update.mutateAsync({ id: config.id, value }).then(
          (res) => void message.success(res.message),
          (err: unknown) => void message.error(errorMessage(err)),
        ),
    });
  if (config.kind === 'switch') {
    return (
      <Switch
        aria-label={config.name}
        checked={config.value === 'true'}
        loading={update.isPending}
        checkedChildren="on"
        unCheckedChildren="off"
        onChange={(on) => save(on ? 'true' : 'false', `Turn ${config.name} ${on ? 'on' : 'off'}.`)}
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
      onChange={(value: string) =>
        save(value, `Run ${config.name} ${intervals.find((i) => i.value === value)?.label ?? value}.`)
      }
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
      <Typography.Title level={3} style={{ margin: 0 }}>
        Bot Configurations
      </Typography.Title>
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
            { title: zoned('Updated'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
          ]}
        />
      </Card>
      <Card
        title="Last runs"
        extra={
          runs.data?.schedulerSeenAt
            ? `Scheduler seen ${formatTime(runs.data.schedulerSeenAt)} (${timeZoneName()})`
            : null
        }
      >
        <DataTable<BotRun>
          data-testid="bot-runs"
          rowKey="id"
          size="small"
          pagination={false}
          loading={runs.isLoading}
          dataSource={runs.data?.runs ?? []}
          columns={[
            { title: 'Bot', dataIndex: 'bot' },
            {
              title: zoned('Started'),
              dataIndex: 'startedAt',
              render: (v: string) => formatDateTime(v, { seconds: true }),
            },
            {
              title: 'Outcome',
              dataIndex: 'outcome',
              render: (o: string) => <StatusTag color={outcomeColor(o)}>{o}</StatusTag>,
            },
            { title: 'Duration', dataIndex: 'durationMs', render: (v: number | null) => (v === null ? '' : `${v} ms`) },
            { title: 'Detail', dataIndex: 'detail' },
          ]}
        />
      </Card>
    </Flex>
  );
};
