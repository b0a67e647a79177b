import { App, Button, Popconfirm } from 'antd';
import { errorMessage, isApprovalRequested } from '../../../api/client';

/**
 * A team record's Remove/Delete button: asks first, then shows the server's message, or its error
 * unless the action now waits for a second approver (the approval notice speaks then). Disabled,
 * with the reason as its title, while the record is out of the signed-in admin's reach.
 */
export const ConfirmRemoveButton = ({
  label,
  description,
  outOfReach,
  remove,
}: {
  label: string;
  description: string;
  outOfReach: string | null;
  remove: () => Promise<{ message: string }>;
}) => {
  const { message } = App.useApp();
  return (
    <Popconfirm
      disabled={!!outOfReach}
      title="Are you sure?"
      description={description}
      onConfirm={() =>
        remove().then(
          (res) => void message.success(res.message),
          (err) => {
            if (!isApprovalRequested(err)) void message.info(errorMessage(err));
          },
        )
      }
    >
      <Button size="small" danger disabled={!!outOfReach} title={outOfReach ?? undefined}>
        {label}
      </Button>
    </Popconfirm>
  );
};
