import { Button, Popconfirm, Space, Tag } from 'antd';
import type { RoleRecord } from '@vaultdesk/contract';
import { beyondHeld } from './use-permissions-held';

/**
 * A role's passkey rule, and (for whoever manages roles) the button that turns it on or off. Sign-in,
 * not access: a Super Admin sets it for any role whose permissions they hold, their own included.
 */
export const RolePasskeysCell = ({
  role: r,
  held,
  canManage,
  onToggle,
}: {
  role: RoleRecord;
  held: readonly string[];
  canManage: boolean;
  onToggle: () => Promise<void>;
}) => {
  const beyond = beyondHeld(held, r.permissions);
  return (
    <Space>
      <Tag color={r.requirePasskey ? 'blue' : 'default'}>{r.requirePasskey ? 'Required' : 'Not required'}</Tag>
      {canManage && (
        <Popconfirm
          disabled={beyond.length > 0}
          title="Are you sure?"
          description={
            r.requirePasskey
              ? `Let members of ${r.title} sign in with password and authenticator code again?`
              : `Require passkeys for ${r.title}? Members with a passkey can no longer sign in with password and code; members without one must register one after signing in.`
          }
          okText="Yes"
          onConfirm={onToggle}
        >
          <Button
            size="small"
            disabled={beyond.length > 0}
            title={beyond.length ? `Holds permissions you do not hold: ${beyond.join(', ')}` : undefined}
          >
            {r.requirePasskey ? 'Stop requiring' : 'Require passkeys'}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
};
