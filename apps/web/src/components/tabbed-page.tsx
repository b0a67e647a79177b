import { Flex } from 'antd';
import { LightTabs, type LightTabItem } from './light-tabs';
import { Typography } from './typography';

/** A screen of tabs under its title; only the active tab's panel is drawn. */
export const TabbedPage = ({
  title,
  activeKey,
  onChange,
  items,
}: {
  title: string;
  activeKey: string;
  onChange: (key: string) => void;
  items: LightTabItem[];
}) => (
  <Flex vertical gap={16}>
    <Typography.Title level={3} style={{ margin: 0 }}>
      {title}
    </Typography.Title>
    <LightTabs activeKey={activeKey} onChange={onChange} destroyOnHidden items={items} />
  </Flex>
);
