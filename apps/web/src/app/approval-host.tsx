import { lazy, Suspense, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { setApprovalHandlers } from '../api/client';
import { approvalsKeys } from '../api/query-keys';

const ApprovalReasonDialog = lazy(() =>
  import('./approval-reason-dialog').then((m) => ({ default: m.ApprovalReasonDialog })),
);

type Ask = { message: string; resolve: (reason: string | null) => void };

/**
 * Four eyes in the signed-in shell: when a call is held back by the approval policy, the API
 * client asks here for the reason (a dialog) and sends the call again; a stored request is
 * announced here (once, for every screen) and refreshes the counts in the menu and on the dashboard.
 */
export const ApprovalHost = () => {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const [ask, setAsk] = useState<Ask | null>(null);
  useEffect(() => {
    setApprovalHandlers({
      askReason: (message) => new Promise((resolve) => setAsk({ message, resolve })),
      requested: (_id, text) => {
        void message.success(text);
        void queryClient.invalidateQueries({ queryKey: approvalsKeys.all });
      },
    });
    return () => setApprovalHandlers({ askReason: async () => null, requested: () => undefined });
  }, [queryClient, message]);
  if (!ask) return null;
  return (
    <Suspense fallback={null}>
      <ApprovalReasonDialog
        message={ask.message}
        onDone={(reason) => {
          ask.resolve(reason);
          setAsk(null);
        }}
      />
    </Suspense>
  );
};
