import { useEffect, useRef, useState } from 'react';
import { App as AntApp, Alert, Button, Flex, Form, Input, Result } from 'antd';
import { errorMessage } from '../../api/client';
import { useSignOut } from '../../api/sign-out';
import { CenteredPage } from '../../components/centered-page';
import { FullPageSpin } from '../../components/full-page-spin';
import { useStartTwoFactor } from './api/start-two-factor';
import { useEnableTwoFactorMutation } from './api/enable-two-factor';
import { Card } from '../../components/light-card';
import { Typography } from '../../components/typography';

type EnableForm = { code: string; password: string };

const ACTIVATED_MESSAGE = 'Your 2FA has been activated. Login to continue.';
const SIGN_OUT_DELAY_MS = 2000;

export const EnableTwoFactorPage = () => {
  const { message } = AntApp.useApp();
  const signOut = useSignOut();
  const start = useStartTwoFactor();
  const enable = useEnableTwoFactorMutation();
  const [activated, setActivated] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const onFinish = ({ code, password }: EnableForm) => {
    if (!start.data) return;
    enable.mutate(
      { secret: start.data.secret, code: code.trim(), password },
      {
        onSuccess: () => {
          setActivated(true);
          void message.success(ACTIVATED_MESSAGE);
          // The session was opened without 2FA: a fresh sign-in with a code replaces it.
          timer.current = window.setTimeout(signOut, SIGN_OUT_DELAY_MS);
        },
        onError: (error) => void message.error(errorMessage(error)),
      },
    );
  };

  let body;
  if (start.isPending) {
    body = <FullPageSpin label="Preparing two-factor set-up" />;
  } else if (start.error || !start.data) {
    body = (
      <Result
        status="warning"
        title="Two-factor set-up could not start"
        subTitle={errorMessage(start.error)}
        extra={
          <Flex gap={8} justify="center">
            <Button onClick={() => void start.refetch()}>Try again</Button>
            <Button onClick={signOut}>Sign out</Button>
          </Flex>
        }
      />
    );
  } else {
    body = (
      <>
        <Typography.Paragraph>
          Two-factor authentication is required. Scan the QR code with an authenticator app, or enter the secret by
          hand, then confirm with a code and your password.
        </Typography.Paragraph>
        <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }}>
          <img src={start.data.qr} alt="Two-factor QR code" width={200} height={200} />
          <Typography.Text code copyable data-testid="two-factor-secret">
            {start.data.secret}
          </Typography.Text>
        </Flex>
        {activated ? (
          <Alert type="success" showIcon title="Two-factor enabled" description="Signing you out…" />
        ) : (
          <Form<EnableForm> layout="vertical" onFinish={onFinish} requiredMark={false} aria-label="Enable 2FA">
            <Form.Item
              name="code"
              label="Authentication code"
              rules={[
                { required: true, message: 'Please input the code!' },
                { pattern: /^\s*\d{6}\s*$/, message: 'The code has 6 digits' },
              ]}
            >
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </Form.Item>
            <Form.Item
              name="password"
              label="Password"
              rules={[{ required: true, message: 'Please input your password!' }]}
            >
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Flex justify="space-between" align="center">
              <Button type="primary" htmlType="submit" loading={enable.isPending}>
                Enable 2FA
              </Button>
              <Button type="link" onClick={signOut}>
                Sign out
              </Button>
            </Flex>
          </Form>
        )}
      </>
    );
  }

  return (
    <CenteredPage>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          Enable 2FA
        </Typography.Title>
        {body}
      </Card>
    </CenteredPage>
  );
};
