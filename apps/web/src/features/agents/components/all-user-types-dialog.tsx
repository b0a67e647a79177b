import { useState } from 'react';
import { App, Button, Modal, Popconfirm, Space } from 'antd';
import type { UserType } from '@vaultdesk/contract';
import { errorMessage } from '../../../api/client';
import { useDeleteUserTypeMutation } from '../api/delete-user-type';
import { UserTypeNameDialog } from './user-type-name-dialog';
import { DataTable } from '../../../components/data-table';

/** All UserTypes: rename or delete each (a type still held by agents is refused by the server, with its reason). */
export const AllUserTypesDialog = ({
  userTypes,
  loading,
  onClose,
}: {
  userTypes: UserType[];
  loading: boolean;
  onClose: () => void;
}) => {
  const { message } = App.useApp();
  const remove = useDeleteUserTypeMutation();
  const [renaming, setRenaming] = useState<UserType | null>(null);
  return (
    <Modal title="All UserTypes" open onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>} width={560}>
      <DataTable<UserType>
        data-testid="user-types-table"
        rowKey="_id"
        size="small"
        loading={loading}
        pagination={false}
        dataSource={userTypes}
        columns={[
          { title: 'Name', dataIndex: 'name' },
          {
            title: 'Actions',
            render: (_, t) => (
              <Space>
                <Button size="small" aria-label={`Rename ${t.name}`} onClick={() => setRenaming(t)}>
                  Rename
                </Button>
                <Popconfirm
                  title="Are you sure?"
                  onConfirm={() =>
                    remove.mutateAsync(t._id).then(
                      (res) => void message.success(res.message),
                      (err) => void message.info(errorMessage(err)),
                    )
                  }
                >
                  <Button size="small" danger aria-label={`Delete ${t.name}`}>
                    Delete
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {renaming && <UserTypeNameDialog key={renaming._id} userType={renaming} onClose={() => setRenaming(null)} />}
    </Modal>
  );
};
