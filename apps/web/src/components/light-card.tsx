import type { CSSProperties, ReactNode } from 'react';
import './light-card.css';

/**
 * A card drawn like Ant Design's (instead of its Card, which brings Tabs, Menu and Dropdown for
 * its tab list, about 18 KB gzipped): a title with an optional action on the right, and a body
 * that shows a few grey lines while it loads.
 */
export const Card = ({
  title,
  extra,
  size = 'default',
  loading = false,
  style,
  children,
  'data-testid': testId,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  size?: 'default' | 'small';
  loading?: boolean;
  style?: CSSProperties;
  children?: ReactNode;
  'data-testid'?: string;
}) => (
  <div className={`vd-card vd-card-${size}`} style={style} data-testid={testId}>
    {title || extra ? (
      <div className="vd-card-head">
        <div className="vd-card-title">{title}</div>
        {extra ? <div className="vd-card-extra">{extra}</div> : null}
      </div>
    ) : null}
    <div className="vd-card-body" aria-busy={loading || undefined}>
      {loading ? (
        <div className="vd-card-loading" role="status" aria-label="Loading">
          <span />
          <span />
          <span />
        </div>
      ) : (
        children
      )}
    </div>
  </div>
);
