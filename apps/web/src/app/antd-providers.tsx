import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { PRIMARY_COLOR } from '../components/brand';

/** Ant Design's theme and context; loaded with the first screen that uses Ant Design. */
export const AntdProviders = ({ children }: { children: ReactNode }) => (
  <ConfigProvider theme={{ token: { colorPrimary: PRIMARY_COLOR } }}>
    {/* AntApp gives message and modal the theme and context of the tree. */}
    <AntApp>{children}</AntApp>
  </ConfigProvider>
);
