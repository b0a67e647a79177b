import { useDeferredValue, useState } from 'react';
import { App, AutoComplete, Form, Input, Modal } from 'antd';
import {
  AGENT_ID_TYPES,
  AGENT_IMAGE_LIMITS,
  STORE_STATE_MAX,
  type AgentIdType,
  type UserType,
} from '@vaultdesk/contract';
import { closeOnSuccess } from '../../../components/close-on-success';
import { useCreateAgentMutation } from '../api/create-agent';
import { useUserSuggestions } from '../api/search-users';
import { ImagePicker } from './image-picker';
import { WebcamCapture } from './webcam-capture';
import { Select } from '../../../components/lazy-select';

type AgentForm = { email: string; usertype: string; idcardType: AgentIdType; storeState: string };

/** Create new Agent: e-mail, user type, ID card with its type, shop image, webcam selfie, store state. */
export const CreateAgentDialog = ({
  userTypes,
  defaultType,
  onClose,
}: {
  userTypes: UserType[];
  defaultType?: string;
  onClose: () => void;
}) => {
  const [form] = Form.useForm<AgentForm>();
  const { message } = App.useApp();
  const create = useCreateAgentMutation();
  const [idcard, setIdcard] = useState<File | null>(null);
  const [shop, setShop] = useState<File | null>(null);
  const [selfie, setSelfie] = useState<Blob | null>(null);
  const email = Form.useWatch('email', form) ?? '';
  const usertype = Form.useWatch('usertype', form);
  const idcardType = Form.useWatch('idcardType', form);
  const storeState = Form.useWatch('storeState', form) ?? '';
  const suggestions = useUserSuggestions(useDeferredValue(email.trim()));
  // The specification: submit stays disabled until every part is there.
  const complete =
    !!email.trim() && !!usertype && !!idcardType && !!idcard && !!shop && !!selfie && !!storeState.trim();

  const submit = (v: AgentForm) => {
    if (!idcard || !shop || !selfie) return;
    create.mutate(
      {
        email: v.email.trim().toLowerCase(),
        usertype: v.usertype,
        idcardType: v.idcardType,
        idcard,
        shop,
        selfie,
        storeState: v.storeState.trim(),
      },
      closeOnSuccess(message, onClose),
    );
  };

  return (
    <Modal
      title="Create new Agent"
      open
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="Create Agent"
      okButtonProps={{ disabled: !complete }}
      confirmLoading={create.isPending}
      destroyOnHidden
      width={560}
    >
      <Form<AgentForm> form={form} layout="vertical" initialValues={{ usertype: defaultType }} onFinish={submit}>
        <Form.Item
          name="email"
          label="Agent Email"
          normalize={(v: string) => v?.toLowerCase()}
          rules={[
            { required: true, whitespace: true, message: 'Agent email is required' },
            { type: 'email', transform: (v: string) => v?.trim(), message: 'Enter a valid email' },
          ]}
        >
          <AutoComplete
            options={(suggestions.data ?? []).map((u) => ({ value: u.email, label: `${u.email} (${u.username})` }))}
            filterOption={false}
          >
            <Input aria-label="Agent Email" autoComplete="off" />
          </AutoComplete>
        </Form.Item>
        <Form.Item name="usertype" label="User Type" rules={[{ required: true, message: 'Choose a user type' }]}>
          <Select aria-label="User Type" options={userTypes.map((t) => ({ value: t.name, label: t.name }))} />
        </Form.Item>
        <Form.Item name="idcardType" label="ID Type" rules={[{ required: true, message: 'Choose the ID type' }]}>
          <Select aria-label="ID Type" options={AGENT_ID_TYPES.map((t) => ({ value: t, label: t }))} />
        </Form.Item>
        <Form.Item label="ID Card Image" required>
          <ImagePicker
            label="ID Card Image"
            testId="idcard-upload"
            maxBytes={AGENT_IMAGE_LIMITS.idcard.maxBytes}
            tooLarge={AGENT_IMAGE_LIMITS.idcard.tooLarge}
            value={idcard}
            onChange={setIdcard}
          />
        </Form.Item>
        <Form.Item label="Shop Image" required>
          <ImagePicker
            label="Shop Image"
            testId="shop-upload"
            maxBytes={AGENT_IMAGE_LIMITS.shop.maxBytes}
            tooLarge={AGENT_IMAGE_LIMITS.shop.tooLarge}
            value={shop}
            onChange={setShop}
          />
        </Form.Item>
        <Form.Item label="Selfie" required>
          <WebcamCapture value={selfie} onChange={setSelfie} />
        </Form.Item>
        <Form.Item
          name="storeState"
          label="Store State"
          rules={[{ required: true, whitespace: true, message: 'Store state is required' }]}
        >
          <Input maxLength={STORE_STATE_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
