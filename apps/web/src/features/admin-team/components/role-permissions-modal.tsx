import { Modal, Tag } from 'antd';
import type { RoleRecord } from '@vaultdesk/contract';

/** The permissions a role holds, one a line. */
export const RolePermissionsModal = ({ viewing, onClose }: { viewing: RoleRecord | null; onClose: () => void }) => (
  <Modal title={viewing ? `Permissions of ${viewing.title}` : ''} open={!!viewing} onCancel={onClose} footer={null}>
    {/* A plain list: Ant Design's List brings its Pagination and Select. */}
    <ul style={{ margin: 0, padding: 0, listStyle: 'none' }}>
      {(viewing?.permissions ?? []).map((p) => (
        <li key={p} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
          <Tag>{p}</Tag>
        </li>
      ))}
    </ul>
  </Modal>
);
