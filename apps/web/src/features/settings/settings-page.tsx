import { useState } from 'react';
import { Alert, App, Button, Descriptions, Flex, Form, Input, InputNumber, Modal } from 'antd';
import { PRODUCT, SETTINGS_HISTORY_PAGE_SIZE, type ProcessSettings, settingsHistoryQuery } from '@vaultdesk/contract';
import { errorMessage, isApprovalRequested } from '../../api/client';
import { useProcessSettings } from './api/get-process-settings';
import { useSettingsHistory } from './api/get-settings-history';
import { ApprovalPolicyCard } from './approval-policy-card';
import { useUpdateProcessSettingsMutation } from './api/update-process-settings';
import { DataTable } from '../../components/data-table';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';
import { formatDateTime, formatDateTimeInZone, zoned } from '../../components/date-time';
import { useUrlState } from '../../components/use-url-state';

const pageUrl = settingsHistoryQuery.pick({ page: true });

type SettingsForm = { vltTokenUsdPrice: string; busdTokenUsdPrice: string; vltTokenAPR: string };

const UpdateDialog = ({
  current,
  open,
  onClose,
}: {
  current: ProcessSettings | undefined;
  open: boolean;
  onClose: () => void;
}) => {
  const [form] = Form.useForm<SettingsForm>();
  const update = useUpdateProcessSettingsMutation();
  const { message, modal } = App.useApp();
  const submit = (v: SettingsForm) =>
    modal.confirm({
      title: 'Are you sure?',
      onOk: () =>
        update
          .mutateAsync({
            vltTokenUsdPrice: String(v.vltTokenUsdPrice).trim(),
            busdTokenUsdPrice: String(v.busdTokenUsdPrice),
            vltTokenAPR: String(v.vltTokenAPR),
          })
          .then(
            () => {
              void message.success('level updated Successfully');
              onClose();
            },
            (err) => {
              if (!isApprovalRequested(err)) return void message.error(errorMessage(err));
              onClose();
            },
          ),
    });
  return (
    <Modal
      title="Update Settings"
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Update"
      confirmLoading={update.isPending}
      destroyOnHidden
    >
      <Form<SettingsForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          current
            ? {
                vltTokenUsdPrice: current.vltTokenUsdPrice,
                busdTokenUsdPrice: current.busdTokenUsdPrice,
                vltTokenAPR: current.vltTokenAPR,
              }
            : undefined
        }
        onFinish={submit}
      >
        {/* The product's price is typed as text (specification), checked as a decimal here and on the server. */}
        <Form.Item
          name="vltTokenUsdPrice"
          label={`${PRODUCT.symbol} price (USD)`}
          rules={[
            { required: true, pattern: /^\d{1,20}(\.\d{1,18})?$/, message: `${PRODUCT.symbol} price must be a number` },
          ]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="busdTokenUsdPrice"
          label="BUSD price (USD)"
          rules={[{ required: true, message: 'BUSD price is required' }]}
        >
          <InputNumber<string> min="0" style={{ width: '100%' }} stringMode />
        </Form.Item>
        <Form.Item
          name="vltTokenAPR"
          label={`${PRODUCT.symbol} APR (%)`}
          rules={[{ required: true, message: 'APR is required' }]}
        >
          <InputNumber<string> min="0" max="100" style={{ width: '100%' }} stringMode />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** Internal Settings: the current token prices and APR, the Update modal, and every earlier version. */
export const SettingsPage = () => {
  const [{ page }, setUrl] = useUrlState(pageUrl);
  const current = useProcessSettings();
  const history = useSettingsHistory(page);
  const [open, setOpen] = useState(false);
  const s = current.data?.[0];
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Internal Settings
      </Typography.Title>
      {current.error && <Alert type="error" showIcon title={errorMessage(current.error)} />}
      <Card
        loading={current.isLoading}
        extra={
          <Button type="primary" onClick={() => setOpen(true)} disabled={!s}>
            Update
          </Button>
        }
        title="Current settings"
      >
        <Descriptions column={1} bordered size="small" data-testid="current-settings">
          <Descriptions.Item label={`${PRODUCT.symbol} price (USD)`}>{s?.vltTokenUsdPrice}</Descriptions.Item>
          <Descriptions.Item label="BUSD price (USD)">{s?.busdTokenUsdPrice}</Descriptions.Item>
          <Descriptions.Item label={`${PRODUCT.symbol} APR (%)`}>{s?.vltTokenAPR}</Descriptions.Item>
          <Descriptions.Item label="Last changed">
            {s ? `${formatDateTimeInZone(s.updatedAt)} by ${s.updatedBy ?? 'system'}` : ''}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <ApprovalPolicyCard />
      <Typography.Title level={4} style={{ margin: 0 }}>
        History
      </Typography.Title>
      <DataTable<ProcessSettings>
        data-testid="settings-history"
        rowKey="_id"
        size="small"
        loading={history.isFetching}
        dataSource={history.data?.records ?? []}
        pagination={{
          current: page,
          pageSize: SETTINGS_HISTORY_PAGE_SIZE,
          total: history.data?.totalRecords ?? 0,
          showSizeChanger: false,
          onChange: (p) => setUrl({ page: p }, { keep: false }),
        }}
        columns={[
          {
            title: zoned('Changed'),
            dataIndex: 'updatedAt',
            render: (v: string) => formatDateTime(v, { seconds: true }),
          },
          { title: 'By', dataIndex: 'updatedBy', render: (v: string | null) => v ?? 'system' },
          { title: `${PRODUCT.symbol} price`, dataIndex: 'vltTokenUsdPrice' },
          { title: 'BUSD price', dataIndex: 'busdTokenUsdPrice' },
          { title: 'APR', dataIndex: 'vltTokenAPR' },
        ]}
      />
      <UpdateDialog current={s} open={open} onClose={() => setOpen(false)} />
    </Flex>
  );
};
