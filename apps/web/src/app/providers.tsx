import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client';

export const Providers = ({ children }: { children: ReactNode }) => (
  <ConfigProvider theme={{ token: { colorPrimary: '#1f4e8c' } }}>
    {/* AntApp gives message and modal the theme and context of the tree. */}
    <AntApp>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AntApp>
  </ConfigProvider>
);
