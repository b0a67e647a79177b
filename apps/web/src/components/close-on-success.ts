import type { App } from 'antd';
import { errorMessage } from '../api/client';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

/**
 * A dialog's save callbacks: the server's message as a success toast and the dialog closed, or the
 * error as an info toast with the dialog left open to correct.
 */
export const closeOnSuccess = (message: MessageInstance, onClose: () => void) => ({
  onSuccess: (res: { message: string }) => {
    void message.success(res.message);
    onClose();
  },
  onError: (err: unknown) => void message.info(errorMessage(err)),
});
