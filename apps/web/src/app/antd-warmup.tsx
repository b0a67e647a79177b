import { Button, Col, Descriptions, Divider, Empty, Flex, Layout, Row, Statistic, Tag } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { AntdProviders } from './antd-providers';

/**
 * Ant Design's components as the signed-in shell and the dashboard draw them, rendered once,
 * hidden, while the person types the authenticator code. Ant Design writes each component's
 * styles on its first render (CSS-in-JS): done here, that work (most of the first screen's
 * render) is over before the code is sent, and the shell and dashboard find the styles cached.
 * The list follows app-layout.tsx and features/dashboard; a component missing here still works,
 * its styles are only written later.
 */
export const AntdWarmup = () => (
  <div hidden aria-hidden inert>
    <AntdProviders>
      <Layout>
        <Layout.Sider width={200} breakpoint="lg" collapsedWidth={0} collapsible trigger={null} />
        <Layout>
          <Layout.Header>
            <Flex align="center" justify="space-between" gap={8}>
              <Button type="text" icon={<UserOutlined />} />
              <Tag color="blue">Role</Tag>
            </Flex>
          </Layout.Header>
          <Layout.Content>
            <Row gutter={[16, 16]}>
              <Col xs={24} sm={12} xl={6}>
                <Statistic value={0} />
              </Col>
            </Row>
            <Descriptions size="small" column={2} items={[{ key: 'a', label: 'A', children: '0' }]} />
            <Divider titlePlacement="start" plain>
              A
            </Divider>
            <Tag color="green">Chain</Tag>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          </Layout.Content>
        </Layout>
      </Layout>
    </AntdProviders>
  </div>
);
