import type { App } from 'antd';
import { ApiError, errorMessage } from '../../../api/client';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

/**
 * Spec 001 §8: a refusal from the server (non-2xx) is shown as info with the server's message;
 * a call that failed on the way (network) as an error.
 */
export const showActionError = (message: MessageInstance, error: unknown) => {
  if (error instanceof ApiError && error.status > 0) void message.info(error.message);
  else void message.error(errorMessage(error));
};
