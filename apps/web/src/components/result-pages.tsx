import { Button, Result } from 'antd';
import { Link } from 'react-router';

const backHome = <Link to="/">Back Home</Link>;

export const ForbiddenResult = () => (
  <Result
    status="403"
    title="403"
    subTitle="Sorry, you are not authorized to access this page."
    extra={backHome}
    data-testid="forbidden"
  />
);

export const NotFoundResult = () => (
  <Result status="404" title="404" subTitle="Sorry, the page you visited does not exist." extra={backHome} />
);

export const LoadErrorResult = ({ message, onRetry }: { message: string; onRetry?: () => void }) => (
  <Result
    status="error"
    title="failed to retrieve info"
    subTitle={message}
    extra={onRetry ? <Button onClick={onRetry}>Try again</Button> : undefined}
  />
);

/** Shown instead of a blank page when a screen throws while rendering. */
export const CrashResult = () => (
  <Result
    status="error"
    title="something went wrong"
    subTitle="Reload the page; if it happens again, tell the engineering team what you were doing."
    extra={<a href="/">Back Home</a>}
  />
);
