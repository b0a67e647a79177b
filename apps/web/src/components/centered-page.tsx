import type { ReactNode } from 'react';
import { Flex } from 'antd';

/** The frame of the screens shown outside the signed-in shell (sign-in, 2FA set-up, confirmation). */
export const CenteredPage = ({ children }: { children: ReactNode }) => (
  <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16, background: '#f5f5f5' }}>
    <main style={{ width: '100%', maxWidth: 440 }}>{children}</main>
  </Flex>
);
