import { useState } from 'react';
import { App, Button, Checkbox, Flex, Form, Input, Modal, Space } from 'antd';
import { PAGE_SIZES, type RoleRecord } from '@vaultdesk/contract';
import { textRules } from './text-rules';
import { ConfirmRemoveButton } from './confirm-remove-button';
import { RolePasskeysCell } from './role-passkeys-cell';
import { RolePermissionsModal } from './role-permissions-modal';
import { errorMessage, isApprovalRequested } from '../../../api/client';
import { useRoles } from '../api/get-roles';
import { usePermissions } from '../api/get-permissions';
import { useCreateRoleMutation } from '../api/create-role';
import { useUpdateRoleMutation } from '../api/update-role';
import { useDeleteRoleMutation } from '../api/delete-role';
import { useSetRolePasskeysMutation } from '../api/set-role-passkeys';
import { beyondHeld, usePermissionsHeld } from './use-permissions-held';
import { useMe } from '../../../api/me';
import { DataTable } from '../../../components/data-table';

type RoleForm = { title: string; description?: string; permissions: string[] };

const RoleDialog = ({ role, open, onClose }: { role: RoleRecord | null; open: boolean; onClose: () => void }) => {
  const [form] = Form.useForm<RoleForm>();
  const catalogue = usePermissions();
  const create = useCreateRoleMutation();
  const update = useUpdateRoleMutation();
  const { message, modal } = App.useApp();
  const held = usePermissionsHeld();
  const done = (res: { message: string }) => {
    void message.success(res.message);
    form.resetFields();
    onClose();
  };
  // The server's refusal (a permission the editor does not hold, a title taken) as a toast.
  // Held back by the approval policy: announced by the shell, and the dialog closes.
  const fail = (err: unknown) => {
    if (!isApprovalRequested(err)) return void message.error(errorMessage(err));
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      title={role ? 'Modify Role' : 'Create Role'}
      open={open}
      onCancel={() => {
        form.resetFields();
        onClose();
      }}
      onOk={() => form.submit()}
      okText={role ? 'Update' : 'Create'}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
      width={640}
    >
      <Form<RoleForm>
        form={form}
        layout="vertical"
        initialValues={
          role
            ? { title: role.title, description: role.description, permissions: role.permissions }
            : { permissions: [] }
        }
        onFinish={(v) => {
          const body = { title: v.title, description: v.description ?? '', permissions: v.permissions };
          // A role decides what its holders may do: saving it is a modifying action and asks first.
          modal.confirm({
            title: 'Are you sure?',
            content: role
              ? `Save the changes to the role ${role.title}?`
              : `Create the role ${body.title} with ${body.permissions.length} permission${body.permissions.length === 1 ? '' : 's'}?`,
            okText: 'Yes',
            cancelText: 'No',
            // Returning the promise keeps the confirm open and its button busy until the server answers.
            onOk: () =>
              (role ? update.mutateAsync({ id: role._id, ...body }) : create.mutateAsync(body)).then(done, fail),
          });
        }}
      >
        <Form.Item name="title" label="Title" rules={textRules('Title', 2, 60)}>
          <Input />
        </Form.Item>
        <Form.Item name="description" label="Description">
          <Input.TextArea rows={2} maxLength={300} />
        </Form.Item>
        <Form.Item
          name="permissions"
          label="Permissions"
          rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one permission' }]}
        >
          <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            {(catalogue.data?.permissions ?? []).map((p) => (
              // Only what the editor holds can be handed out; the server refuses the rest all the same.
              <Checkbox key={p.key} value={p.key} disabled={!held.includes(p.key)}>
                {p.key}: {p.description}
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
      </Form>
    </Modal>
  );
};

export const RolesTab = ({ page, onPageChange }: { page: number; onPageChange: (p: number) => void }) => {
  const { data, isFetching } = useRoles(page, PAGE_SIZES.roles);
  const remove = useDeleteRoleMutation();
  const passkeys = useSetRolePasskeysMutation();
  const { message } = App.useApp();
  const held = usePermissionsHeld();
  const canManage = held.includes('roles.manage');
  const ownRole = useMe().data?.authRole.slug;
  // Why a role is not the signed-in admin's to change, or null when it is.
  const outOfReach = (r: RoleRecord) =>
    r.slug === ownRole
      ? 'You cannot modify the role you hold'
      : beyondHeld(held, r.permissions).length
        ? `Holds permissions you do not hold: ${beyondHeld(held, r.permissions).join(', ')}`
        : null;
  const [editing, setEditing] = useState<{ role: RoleRecord | null } | null>(null);
  const [viewing, setViewing] = useState<RoleRecord | null>(null);
  return (
    <Flex vertical gap={12}>
      {canManage && (
        <Space>
          <Button type="primary" onClick={() => setEditing({ role: null })}>
            Create Role
          </Button>
        </Space>
      )}
      <DataTable<RoleRecord>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.records ?? []}
        pagination={{
          current: data?.currentPage ?? page,
          pageSize: PAGE_SIZES.roles,
          total: data?.totalRecords ?? 0,
          onChange: onPageChange,
          showSizeChanger: false,
        }}
        columns={[
          { title: 'Title', dataIndex: 'title' },
          { title: 'Description', dataIndex: 'description' },
          {
            title: 'Permissions',
            render: (_, r) => (
              <Button size="small" onClick={() => setViewing(r)}>
                View Permissions ({r.permissions.length})
              </Button>
            ),
          },
          {
            title: 'Passkeys',
            render: (_, r) => (
              <RolePasskeysCell
                role={r}
                held={held}
                canManage={canManage}
                onToggle={() =>
                  passkeys.mutateAsync({ id: r._id, requirePasskey: !r.requirePasskey }).then(
                    (res) => void message.success(res.message),
                    (err) => void message.error(errorMessage(err)),
                  )
                }
              />
            ),
          },
          {
            title: 'Actions',
            render: (_, r) =>
              canManage && (
                <Space>
                  <Button
                    size="small"
                    onClick={() => setEditing({ role: r })}
                    disabled={!!outOfReach(r)}
                    title={outOfReach(r) ?? undefined}
                  >
                    Modify Role
                  </Button>
                  <ConfirmRemoveButton
                    label="Delete Role"
                    description={`Delete the role ${r.title}?`}
                    outOfReach={outOfReach(r)}
                    remove={() => remove.mutateAsync(r._id)}
                  />
                </Space>
              ),
          },
        ]}
      />
      {editing && (
        <RoleDialog key={editing.role?._id ?? 'new'} role={editing.role} open onClose={() => setEditing(null)} />
      )}
      <RolePermissionsModal viewing={viewing} onClose={() => setViewing(null)} />
    </Flex>
  );
};
