import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, Tag } from 'antd';
import { BLACKLIST_PAGE_SIZE, COMPLIANCE_MESSAGES, type BlacklistedDevice } from '@vaultdesk/contract';
import { errorMessage, isApprovalRequested } from '../../api/client';
import { useAddBlacklistedDeviceMutation } from './api/add-blacklisted-device';
import { useBlacklistedDevices } from './api/get-blacklisted-devices';
import { useUpdateBlacklistedDeviceMutation } from './api/update-blacklisted-device';
import { usePageParam } from './use-page-param';
import { DataTable } from '../../components/data-table';
import { Typography } from '../../components/typography';
import { formatDateTime, zoned } from '../../components/date-time';

type AddForm = { deviceId: string; userId?: string };

const AddDeviceModal = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { message } = App.useApp();
  const [form] = Form.useForm<AddForm>();
  const add = useAddBlacklistedDeviceMutation();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Modal
      title="Add Device"
      open={open}
      onCancel={onClose}
      okText="Blacklist"
      okButtonProps={{ loading: add.isPending }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<AddForm>
        form={form}
        layout="vertical"
        aria-label="Add device"
        preserve={false}
        onFinish={(v) =>
          add.mutate(
            { deviceId: v.deviceId.trim(), userId: v.userId?.trim() || undefined },
            {
              onSuccess: () => {
                void message.success(COMPLIANCE_MESSAGES.blacklistAdded);
                setFailure(null);
                onClose();
              },
              onError: (e) => {
                if (isApprovalRequested(e)) return onClose();
                void message.error(COMPLIANCE_MESSAGES.blacklistFailed);
                setFailure(errorMessage(e));
              },
            },
          )
        }
      >
        <Form.Item name="deviceId" label="Device ID" rules={[{ required: true, message: 'Enter the device id' }]}>
          <Input aria-label="Device ID" />
        </Form.Item>
        <Form.Item name="userId" label="User (id, username or e-mail)">
          <Input aria-label="User" />
        </Form.Item>
        {failure && <Alert type="error" showIcon title={failure} />}
      </Form>
    </Modal>
  );
};

export const BlacklistedDevicesPage = () => {
  const { message, modal } = App.useApp();
  const [page, setPage] = usePageParam();
  const [adding, setAdding] = useState(false);
  const { data, isFetching, error } = useBlacklistedDevices(page);
  const update = useUpdateBlacklistedDeviceMutation();
  const toggle = (d: BlacklistedDevice) =>
    modal.confirm({
      title: 'Are you sure?',
      okText: 'Yes',
      onOk: () =>
        update.mutateAsync({ blacklistedRecordId: d._id, blacklisted: !d.blacklisted }).then(
          (res) => void message.success(res.message),
          (e: unknown) => {
            if (!isApprovalRequested(e)) void message.error(errorMessage(e));
          },
        ),
    });
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          Blacklisted Devices
        </Typography.Title>
        <Button type="primary" onClick={() => setAdding(true)}>
          Add Device
        </Button>
      </Flex>
      {error && <Alert type="error" showIcon title={errorMessage(error)} />}
      <DataTable<BlacklistedDevice>
        data-testid="blacklisted-devices-table"
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        pagination={{
          current: page,
          pageSize: BLACKLIST_PAGE_SIZE,
          total: data?.totalRecords ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { title: 'Device ID', dataIndex: 'deviceId' },
          { title: 'User', dataIndex: 'userId', render: (v: string | null) => v ?? '—' },
          {
            title: 'Status',
            dataIndex: 'blacklisted',
            render: (v: boolean) => <Tag color={v ? 'red' : 'green'}>{v ? 'blacklisted' : 'de-listed'}</Tag>,
          },
          { title: zoned('Date'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(v) },
          {
            title: 'Action',
            key: 'action',
            render: (_, d) => (
              <Button size="small" danger={d.blacklisted} onClick={() => toggle(d)}>
                {d.blacklisted ? 'De-list Device' : 'Blacklist Device'}
              </Button>
            ),
          },
        ]}
      />
      <AddDeviceModal open={adding} onClose={() => setAdding(false)} />
    </Flex>
  );
};
