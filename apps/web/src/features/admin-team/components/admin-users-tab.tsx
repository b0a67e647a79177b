import { useState } from 'react';
import { Alert, App, Button, Flex, Form, Input, Modal, Space } from 'antd';
import { ADMIN_PAGE_SIZE, type AdminSetupResult, type AdminUserRecord } from '@vaultdesk/contract';
import { textRules } from './text-rules';
import { ConfirmRemoveButton } from './confirm-remove-button';
import { errorMessage, isApprovalRequested } from '../../../api/client';
import { useAdminUsers } from '../api/get-admin-users';
import { useRoles } from '../api/get-roles';
import { useCreateAdminMutation } from '../api/create-admin';
import { useRemoveAdminMutation } from '../api/remove-admin';
import { useChangeAdminRoleMutation } from '../api/change-admin-role';
import { beyondHeld, usePermissionsHeld } from './use-permissions-held';
import { useMe } from '../../../api/me';
import { DataTable } from '../../../components/data-table';
import { Typography } from '../../../components/typography';
import { formatDateTime, zoned } from '../../../components/date-time';
import { Select } from '../../../components/lazy-select';

/** Active roles to choose from; one holding a permission the signed-in admin lacks is shown but cannot be chosen. */
const useRoleOptions = () => {
  const roles = useRoles(1, 100);
  const held = usePermissionsHeld();
  return (roles.data?.records ?? [])
    .filter((r) => r.isActive)
    .map((r) => ({ value: r._id, label: r.title, disabled: beyondHeld(held, r.permissions).length > 0 }));
};

const CreateAdminDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const [form] = Form.useForm<{ fullName: string; email: string; roleId: string }>();
  const create = useCreateAdminMutation();
  const { message } = App.useApp();
  const roleOptions = useRoleOptions();
  const [created, setCreated] = useState<AdminSetupResult | null>(null);
  const close = () => {
    form.resetFields();
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      title="Create New Admin"
      open={open}
      onCancel={close}
      okText={created ? 'Done' : 'Create'}
      confirmLoading={create.isPending}
      onOk={() => (created ? close() : form.submit())}
      destroyOnHidden
    >
      {created ? (
        <Alert
          type="success"
          showIcon
          title={`${created.fullName} was invited as ${created.role.title}`}
          description={
            <span data-testid="temporary-password">
              Temporary password (hand it over by another channel than e-mail):{' '}
              <Typography.Text code copyable>
                {created.temporaryPassword}
              </Typography.Text>
            </span>
          }
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={(values) =>
            create.mutate(
              { ...values, email: values.email.trim().toLowerCase() },
              {
                onSuccess: (res) => {
                  void message.success(res.message || 'Admin created Successfully');
                  setCreated(res.data);
                },
                onError: (err) => {
                  if (!isApprovalRequested(err)) void message.error(errorMessage(err));
                },
              },
            )
          }
        >
          <Form.Item name="fullName" label="Full name" rules={textRules('Full name', 2, 120)}>
            <Input />
          </Form.Item>
          <Form.Item
            name="email"
            label="Email"
            rules={[
              { required: true, type: 'email', transform: (v?: string) => v?.trim(), message: 'Enter a valid email' },
            ]}
          >
            <Input />
          </Form.Item>
          <Form.Item name="roleId" label="Role" rules={[{ required: true, message: 'Choose a role' }]}>
            <Select options={roleOptions} aria-label="Role" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
};

const ChangeRoleDialog = ({ admin, onClose }: { admin: AdminUserRecord | null; onClose: () => void }) => {
  const [roleId, setRoleId] = useState<string>();
  const change = useChangeAdminRoleMutation();
  const { message, modal } = App.useApp();
  const roleOptions = useRoleOptions();
  return (
    <Modal
      title={admin ? `Change role of ${admin.fullName}` : ''}
      open={!!admin}
      onCancel={() => {
        setRoleId(undefined);
        onClose();
      }}
      okText="Change Role"
      okButtonProps={{ disabled: !roleId }}
      confirmLoading={change.isPending}
      onOk={() =>
        modal.confirm({
          title: 'Are you sure?',
          onOk: () =>
            change.mutateAsync({ id: admin!._id, roleId: roleId! }).then(
              (res) => {
                void message.success(res.message);
                setRoleId(undefined);
                onClose();
              },
              (err) => {
                if (isApprovalRequested(err)) {
                  setRoleId(undefined);
                  onClose();
                } else void message.error(errorMessage(err));
              },
            ),
        })
      }
    >
      <Select
        style={{ width: '100%' }}
        aria-label="New role"
        placeholder="Choose a role"
        value={roleId}
        onChange={setRoleId}
        options={roleOptions.filter((o) => o.value !== admin?.role._id)}
      />
    </Modal>
  );
};

export const AdminUsersTab = ({ page, onPageChange }: { page: number; onPageChange: (p: number) => void }) => {
  const { data, isFetching } = useAdminUsers(page);
  const remove = useRemoveAdminMutation();
  const held = usePermissionsHeld();
  const canManage = held.includes('admins.manage');
  const me = useMe().data;
  const rolePermissions = new Map((useRoles(1, 100).data?.records ?? []).map((r) => [r._id, r.permissions]));
  // Why an admin is not the signed-in admin's to move or remove, or null when they are.
  const outOfReach = (r: AdminUserRecord) => {
    const beyond = beyondHeld(held, rolePermissions.get(r.role._id) ?? []);
    return beyond.length ? `Holds permissions you do not hold: ${beyond.join(', ')}` : null;
  };
  const [creating, setCreating] = useState(false);
  const [changing, setChanging] = useState<AdminUserRecord | null>(null);
  return (
    <Flex vertical gap={12}>
      {canManage && (
        <Space>
          <Button type="primary" onClick={() => setCreating(true)}>
            Create New Admin
          </Button>
        </Space>
      )}
      <DataTable<AdminUserRecord>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        pagination={{
          current: data?.current ?? page,
          pageSize: ADMIN_PAGE_SIZE,
          total: data?.totalRecords ?? 0,
          onChange: onPageChange,
          showSizeChanger: false,
        }}
        columns={[
          { title: 'Full Name', dataIndex: 'fullName' },
          { title: 'Email', dataIndex: 'email' },
          {
            title: zoned('Last Login'),
            dataIndex: 'lastLogin',
            render: (v: string | null) => formatDateTime(v, { fallback: 'Never' }),
          },
          { title: 'Role', render: (_, r) => r.role.title },
          { title: 'Status', dataIndex: 'status' },
          ...(canManage
            ? [
                {
                  title: 'Actions',
                  render: (_: unknown, r: AdminUserRecord) => (
                    <Space>
                      <Button
                        size="small"
                        onClick={() => setChanging(r)}
                        disabled={r._id === me?.user.id || !!outOfReach(r)}
                        title={r._id === me?.user.id ? 'You cannot change your own role' : (outOfReach(r) ?? undefined)}
                      >
                        Change Role
                      </Button>
                      <ConfirmRemoveButton
                        label="Remove"
                        description={`Remove ${r.email}? Their sessions end at once.`}
                        outOfReach={outOfReach(r)}
                        remove={() => remove.mutateAsync(r._id)}
                      />
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <CreateAdminDialog open={creating} onClose={() => setCreating(false)} />
      <ChangeRoleDialog admin={changing} onClose={() => setChanging(null)} />
    </Flex>
  );
};
