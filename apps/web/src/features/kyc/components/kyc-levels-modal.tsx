import { useState } from 'react';
import { App, Button, Flex, Form, Input, InputNumber, Modal, Popconfirm, Tooltip } from 'antd';
import { formatUsd, KYC_LEVEL_NUMBERS, KYC_MESSAGES, type KycLevel } from '@vaultdesk/contract';
import { errorMessage } from '../../../api/client';
import { useCreateKycLevelMutation } from '../api/create-kyc-level';
import { useKycLevels } from '../api/get-kyc-levels';
import { useUpdateKycLevelMutation } from '../api/update-kyc-level';
import { DataTable } from '../../../components/data-table';
import { Select } from '../../../components/lazy-select';

type LevelForm = { levelName: string; levelNumber?: number; dailyWithdrawal: number; monthlyWithdrawal: number };

const LevelDialog = ({ level, open, onClose }: { level: KycLevel | null; open: boolean; onClose: () => void }) => {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<LevelForm>();
  const create = useCreateKycLevelMutation();
  const update = useUpdateKycLevelMutation();
  const adding = level === null;
  const submit = (v: LevelForm) =>
    modal.confirm({
      title: 'Are you sure?',
      okText: 'Yes',
      onOk: async () => {
        try {
          const res = adding
            ? await create.mutateAsync({
                levelName: v.levelName,
                levelNumber: v.levelNumber!,
                dailyWithdrawal: String(v.dailyWithdrawal),
                monthlyWithdrawal: String(v.monthlyWithdrawal),
              })
            : await update.mutateAsync({
                id: level._id,
                levelName: v.levelName,
                dailyWithdrawal: String(v.dailyWithdrawal),
                monthlyWithdrawal: String(v.monthlyWithdrawal),
              });
          void message.success(adding ? res.message || 'level created Successfully' : KYC_MESSAGES.levelUpdated);
          form.resetFields();
          onClose();
        } catch (error) {
          void message.error(errorMessage(error));
        }
      },
    });
  return (
    <Modal
      title={adding ? 'Add Level' : `Update ${level.levelName}`}
      open={open}
      onCancel={onClose}
      okText={adding ? 'Add Level' : 'Update'}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<LevelForm>
        form={form}
        layout="vertical"
        aria-label={adding ? 'Add level' : 'Update level'}
        preserve={false}
        initialValues={
          level
            ? {
                levelName: level.levelName,
                dailyWithdrawal: Number(level.dailyWithdrawal),
                monthlyWithdrawal: Number(level.monthlyWithdrawal),
              }
            : undefined
        }
        onFinish={submit}
      >
        <Form.Item name="levelName" label="Level name" rules={[{ required: true, message: 'Enter a level name' }]}>
          <Input aria-label="Level name" />
        </Form.Item>
        {adding && (
          <Form.Item
            name="levelNumber"
            label="Level number"
            rules={[{ required: true, message: 'Choose the level number' }]}
          >
            <Select
              aria-label="Level number"
              virtual={false}
              options={KYC_LEVEL_NUMBERS.map((n) => ({ value: n, label: String(n) }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="dailyWithdrawal"
          label="Max daily withdrawal ($)"
          rules={[{ required: true, message: 'Enter an amount' }]}
        >
          <InputNumber aria-label="Max daily withdrawal" min={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="monthlyWithdrawal"
          label="Max monthly withdrawal ($)"
          rules={[{ required: true, message: 'Enter an amount' }]}
        >
          <InputNumber aria-label="Max monthly withdrawal" min={0} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** The KYC levels with their withdrawal limits; changing them needs the kyc.levels permission. */
export const KycLevelsModal = ({
  open,
  onClose,
  canEdit,
}: {
  open: boolean;
  onClose: () => void;
  canEdit: boolean;
}) => {
  const levels = useKycLevels(1, open);
  const [editing, setEditing] = useState<KycLevel | null | undefined>(undefined);
  return (
    <Modal title="KYC Levels" open={open} onCancel={onClose} footer={null} width={860}>
      <Flex vertical gap={12}>
        <Flex justify="end">
          <Button type="primary" disabled={!canEdit} onClick={() => setEditing(null)}>
            Add Level
          </Button>
        </Flex>
        <DataTable<KycLevel>
          data-testid="kyc-levels-table"
          rowKey="_id"
          size="small"
          loading={levels.isFetching}
          dataSource={levels.data?.levelList ?? []}
          pagination={false}
          columns={[
            { title: 'Level name', dataIndex: 'levelName' },
            { title: 'Level number', dataIndex: 'levelNumber' },
            { title: 'Max daily withdrawal', dataIndex: 'dailyWithdrawal', render: (v: string) => formatUsd(v) },
            { title: 'Max monthly withdrawal', dataIndex: 'monthlyWithdrawal', render: (v: string) => formatUsd(v) },
            {
              title: 'Action',
              key: 'action',
              render: (_, level) => (
                <Flex gap={8}>
                  <Button size="small" disabled={!canEdit} onClick={() => setEditing(level)}>
                    Update
                  </Button>
                  {/* Levels are never removed (customers' limits hang off them): the button stays disabled. */}
                  <Popconfirm title={KYC_MESSAGES.levelDeleteConfirm} disabled>
                    <Tooltip title="Levels cannot be removed">
                      <Button size="small" danger disabled>
                        Remove Level
                      </Button>
                    </Tooltip>
                  </Popconfirm>
                </Flex>
              ),
            },
          ]}
        />
      </Flex>
      {editing !== undefined && <LevelDialog level={editing} open onClose={() => setEditing(undefined)} />}
    </Modal>
  );
};
