import { App as AntApp, Alert, Button, Flex } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { anyPayload, apiRequest } from '../../api/client';
import { leaveLoginNotice } from '../../api/login-notice';
import { useSignOut } from '../../api/sign-out';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';
import { usePasskeys } from './api/passkeys';
import { AddPasskeyForm } from './components/passkeys-card';

/**
 * /register-passkey: where a session of a role that requires passkeys lands when it was opened
 * with password + TOTP. With a passkey registered here, the session ends and its owner signs in
 * again with the passkey; with one already, they sign out and use it.
 */
export const RegisterPasskeyPage = () => {
  const { message } = AntApp.useApp();
  const signOut = useSignOut();
  const { data } = usePasskeys();
  // Revokes this session on the server, then forgets it here whatever the answer was.
  const logout = useMutation({
    mutationFn: () => apiRequest('admin/logout', anyPayload, { method: 'POST' }),
    onSettled: () => signOut(),
  });
  const has = (data?.records.length ?? 0) > 0;
  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        Register a passkey
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        title="Your role requires signing in with a passkey"
        description={
          has
            ? 'You already have a passkey: sign out and use "Sign in with a passkey". You can also register another one here.'
            : 'Register a passkey on this device or a security key. You then sign in with it instead of your password and authenticator code.'
        }
      />
      <Card>
        <Flex vertical gap={16}>
          <AddPasskeyForm
            disabled={data ? !data.canAdd : true}
            onAdded={(result) => {
              if (!result.data.signInAgain) {
                void message.success(result.message);
                return;
              }
              // The server has ended this session: the sign-in page says so (it has no toasts).
              leaveLoginNotice(result.message);
              signOut();
            }}
          />
          {data && !data.canAdd && <span>Sign out and sign in again to register a passkey.</span>}
          <div>
            <Button onClick={() => logout.mutate()} loading={logout.isPending}>
              Sign out
            </Button>
          </div>
        </Flex>
      </Card>
    </Flex>
  );
};
