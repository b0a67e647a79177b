import { Result, Spin } from 'antd';
import { Link, useParams } from 'react-router';
import { CenteredPage } from '../../components/centered-page';
import { ResultTitle } from '../../components/result-title';
import { useConfirmAdmin } from './api/confirm-admin';
import { Card } from '../../components/light-card';

export const ConfirmAdminPage = () => {
  const { token = '' } = useParams();
  const { isPending, isSuccess, error } = useConfirmAdmin(token);

  return (
    <CenteredPage>
      <Card>
        {isPending ? (
          <Spin size="large" description="Confirming your account…">
            <div style={{ minHeight: 120 }} role="status" aria-label="Confirming" />
          </Spin>
        ) : isSuccess ? (
          <Result
            status="success"
            title={<ResultTitle>Setup confirmed</ResultTitle>}
            extra={<Link to="/login">Login</Link>}
          />
        ) : (
          <Result
            status="error"
            title={<ResultTitle>Setup failed</ResultTitle>}
            subTitle={error?.message}
            extra={<Link to="/login">Login</Link>}
          />
        )}
      </Card>
    </CenteredPage>
  );
};
