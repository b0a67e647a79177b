import type { App } from 'antd';
import { ApiError, errorMessage, isApprovalRequested } from '../../../../api/client';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

/**
 * Spec §8 for the money actions: a reply other than 200 (the server refused: 400, 403, 404,
 * 409) shows the server's message as info; a call that failed outright (no answer, a server
 * error) shows the error's message as an error.
 */
export const showFundsFailure = (message: MessageInstance, error: unknown) => {
  // Held back by the approval policy: the shell has announced it; it is not a failure.
  if (isApprovalRequested(error)) return;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) void message.info(error.message);
  else void message.error(errorMessage(error));
};
