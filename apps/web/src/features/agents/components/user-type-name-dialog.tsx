import { App, Form, Input, Modal } from 'antd';
import { USER_TYPE_NAME_MAX, type UserType } from '@vaultdesk/contract';
import { errorMessage } from '../../../api/client';
import { useAddUserTypeMutation } from '../api/add-user-type';
import { useUpdateUserTypeMutation } from '../api/update-user-type';

/** Create new UserType, or rename one (from All UserTypes). */
export const UserTypeNameDialog = ({ userType, onClose }: { userType: UserType | null; onClose: () => void }) => {
  const [form] = Form.useForm<{ name: string }>();
  const name = Form.useWatch('name', form) ?? '';
  const { message } = App.useApp();
  const add = useAddUserTypeMutation();
  const update = useUpdateUserTypeMutation();
  const submit = ({ name }: { name: string }) => {
    const done = (res: { message: string }) => {
      void message.success(res.message);
      onClose();
    };
    const fail = (err: unknown) => void message.info(errorMessage(err));
    if (userType) update.mutate({ id: userType._id, name: name.trim() }, { onSuccess: done, onError: fail });
    else add.mutate({ name: name.trim() }, { onSuccess: done, onError: fail });
  };
  return (
    <Modal
      title={userType ? `Rename UserType ${userType.name}` : 'Create new UserType'}
      open
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={userType ? 'Rename' : 'Create'}
      okButtonProps={{ disabled: !name.trim() }}
      confirmLoading={add.isPending || update.isPending}
    >
      <Form form={form} layout="vertical" initialValues={{ name: userType?.name ?? '' }} onFinish={submit}>
        <Form.Item
          name="name"
          label="UserType Name"
          rules={[{ required: true, whitespace: true, message: 'UserType name is required' }]}
        >
          <Input maxLength={USER_TYPE_NAME_MAX} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
};
