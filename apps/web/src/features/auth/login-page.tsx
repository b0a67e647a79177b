import { useState } from 'react';
import { App as AntApp, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { LoginResult } from '@vaultdesk/contract';
import { ApiError } from '../../api/client';
import { saveSession } from '../../api/session';
import { CenteredPage } from '../../components/centered-page';
import { useLoginMutation } from './api/login';
import { TwoFactorCodeModal } from './components/two-factor-code-modal';

type Credentials = { email: string; password: string };

const env = import.meta.env as Record<string, string | undefined>;
const mainDashboardUrl = env.VITE_MAIN_DASHBOARD_URL || window.location.origin;
const stagingDashboardUrl = env.VITE_STAGING_DASHBOARD_URL || 'https://staging.vaultdesk.test';

export const LoginPage = () => {
  const { message } = AntApp.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const passwordStep = useLoginMutation();
  const codeStep = useLoginMutation();
  // Kept only while the code modal is open: the code step repeats the password step.
  const [pending, setPending] = useState<Credentials | null>(null);
  const [codeError, setCodeError] = useState<string>();

  const signIn = (result: LoginResult) => {
    if (!result.token || result.expiresIn === undefined) return false;
    // Nothing cached from an earlier session may show to this admin.
    queryClient.clear();
    saveSession({ token: result.token, expiresIn: result.expiresIn, enable2FA: result.enable2FA });
    void navigate('/', { replace: true });
    return true;
  };

  const onPasswordStep = (values: Credentials) => {
    const credentials = { email: values.email.trim(), password: values.password };
    passwordStep.mutate(credentials, {
      onSuccess: (result) => {
        if (result.codeRequired) {
          setCodeError(undefined);
          setPending(credentials);
          return;
        }
        if (!signIn(result)) void message.error('Login failed. The server did not start a session.');
      },
      onError: (error) => void message.error(`Login failed. ${error.message}`),
    });
  };

  const onCodeStep = (code: string) => {
    if (!pending) return;
    setCodeError(undefined);
    codeStep.mutate(
      { ...pending, code },
      {
        onSuccess: (result) => {
          if (signIn(result)) {
            setPending(null);
            return;
          }
          void message.error('2FA Verification failed.');
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            void message.error('2FA Verification failed.');
            setCodeError(error.message);
          } else {
            void message.error('Failed to authenticate user');
          }
        },
      },
    );
  };

  return (
    <CenteredPage>
      <Card>
        <Typography.Title level={2} style={{ textAlign: 'center', marginTop: 0 }}>
          Admin Dashboard
        </Typography.Title>
        <Form<Credentials> layout="vertical" onFinish={onPasswordStep} requiredMark={false} aria-label="Sign in">
          <Form.Item
            name="email"
            label="Email"
            rules={[
              { required: true, message: 'Please input your E-mail!' },
              { type: 'email', message: 'The input is not valid E-mail!' },
            ]}
          >
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item name="password" label="Password" rules={[{ required: true, message: 'Please input your password!' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" block loading={passwordStep.isPending}>
              Sign In
            </Button>
          </Form.Item>
        </Form>
        <Flex justify="space-between">
          <Typography.Link href={mainDashboardUrl}>Main Dashboard</Typography.Link>
          <Typography.Link href={stagingDashboardUrl}>Staging Dashboard</Typography.Link>
        </Flex>
      </Card>
      <TwoFactorCodeModal
        open={pending !== null}
        loading={codeStep.isPending}
        error={codeError}
        onSubmit={onCodeStep}
        onCancel={() => setPending(null)}
      />
    </CenteredPage>
  );
};
