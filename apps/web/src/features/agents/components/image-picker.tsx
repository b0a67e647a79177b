import { App, Button, Flex, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ONLY_JPG_PNG_MESSAGE } from '@vaultdesk/contract';
import { useObjectUrl } from '../../../components/use-object-url';

type Props = {
  label: string;
  testId: string;
  maxBytes: number;
  tooLarge: string;
  value: File | null;
  onChange: (file: File | null) => void;
};

/** Picks one JPG/PNG under the limit, checked in the browser with the specification's texts (the server checks the content again). */
export const ImagePicker = ({ label, testId, maxBytes, tooLarge, value, onChange }: Props) => {
  const { message } = App.useApp();
  const preview = useObjectUrl(value);
  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Upload
        accept="image/jpeg,image/png"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          if (file.type !== 'image/jpeg' && file.type !== 'image/png') {
            void message.error(ONLY_JPG_PNG_MESSAGE);
            return Upload.LIST_IGNORE;
          }
          if (file.size >= maxBytes) {
            void message.error(tooLarge);
            return Upload.LIST_IGNORE;
          }
          onChange(file);
          // Kept in the form: the pictures are sent once the agent is created.
          return false;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />}>{value ? `Change ${label}` : `Choose ${label}`}</Button>
      </Upload>
      {value && preview && (
        <img src={preview} alt={`Chosen ${label}`} style={{ maxWidth: 200, maxHeight: 140, objectFit: 'contain' }} />
      )}
    </Flex>
  );
};
