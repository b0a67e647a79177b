import { Flex, Result } from 'antd';
import { Link } from 'react-router';

export const MaintenancePage = () => (
  <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
    <Result
      status="500"
      title={<h1 style={{ margin: 0, fontSize: 'inherit' }}>503</h1>}
      subTitle="Server Maintenance Ongoing"
      extra={<Link to="/">Back Home</Link>}
    />
  </Flex>
);
