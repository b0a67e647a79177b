import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import { PRIMARY_COLOR } from '../components/brand';

/**
 * WCAG AA contrast (4.5:1 for text) on white and on the tags' pale backgrounds: Ant Design's
 * default link blue, secondary text, error red and the shade it writes coloured tags in fall
 * short. Tags take their text from the 7th shade of a palette generated from its seed colour, so
 * the seeds below are darker shades of the same hues (Ant Design's own 8th and 9th); their pale
 * backgrounds stay pale.
 */
const THEME: ThemeConfig = {
  token: {
    colorPrimary: PRIMARY_COLOR,
    colorLink: PRIMARY_COLOR,
    colorError: '#cf1322',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    // Placeholders (a select's "Change status", an empty filter) at 4.9:1 on white, not 1.8:1.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    gold: '#ad6800',
    yellow: '#ad8b00',
    orange: '#ad4e00',
    volcano: '#ad2102',
    lime: '#5b8c00',
    green: '#237804',
    cyan: '#006d75',
  },
  components: {
    // The darker error red is too dark on the dark side menu (Logout): a light red there.
    Menu: { darkDangerItemColor: '#ff7875', darkDangerItemHoverColor: '#ffa39e' },
  },
};

/** Ant Design's theme and context; loaded with the first screen that uses Ant Design. */
export const AntdProviders = ({ children }: { children: ReactNode }) => (
  <ConfigProvider theme={THEME}>
    {/* AntApp gives message and modal the theme and context of the tree. */}
    <AntApp>{children}</AntApp>
  </ConfigProvider>
);
