import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { ResultTitle } from './result-title';

const backHome = <Link to="/">Back Home</Link>;

export const ForbiddenResult = () => (
  <Result
    status="403"
    title={<ResultTitle>403</ResultTitle>}
    subTitle="Sorry, you are not authorized to access this page."
    extra={backHome}
    data-testid="forbidden"
  />
);

export const NotFoundResult = () => (
  <Result
    status="404"
    title={<ResultTitle>404</ResultTitle>}
    subTitle="Sorry, the page you visited does not exist."
    extra={backHome}
  />
);

export const LoadErrorResult = ({ message, onRetry }: { message: string; onRetry?: () => void }) => (
  <Result
    status="error"
    title={<ResultTitle>failed to retrieve info</ResultTitle>}
    subTitle={message}
    extra={onRetry ? <Button onClick={onRetry}>Try again</Button> : undefined}
  />
);

/** Shown instead of a blank page when a screen throws while rendering. */
export const CrashResult = () => (
  <Result
    status="error"
    title={<ResultTitle>something went wrong</ResultTitle>}
    subTitle="Reload the page; if it happens again, tell the engineering team what you were doing."
    extra={<a href="/">Back Home</a>}
  />
);
