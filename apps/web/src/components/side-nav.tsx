import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './side-nav.css';

/** `badge`: a count shown after the label (e.g. requests awaiting the viewer's approval); none when 0. */
export type SideNavEntry = { path: string; label: string; icon?: ReactNode; badge?: number };
export type SideNavGroup = { label: string; items: SideNavEntry[] };

/**
 * A side menu of links (instead of Ant Design's Menu, which the shell would load with every
 * screen): a `<nav>` with one list per group, the current page marked with `aria-current`, and an
 * optional last action (Logout) as a button. Tab moves through it like any links.
 */
export const SideNav = ({
  label,
  theme = 'dark',
  groups,
  selected,
  action,
  hidden = false,
}: {
  label: string;
  /** A collapsed menu: out of the page and of the Tab order. */
  hidden?: boolean;
  theme?: 'dark' | 'light';
  groups: SideNavGroup[];
  selected?: string;
  action?: { label: string; icon?: ReactNode; onClick: () => void; danger?: boolean };
}) => (
  <nav aria-label={label} className={`vd-nav vd-nav-${theme}`} hidden={hidden}>
    {groups.map((group, g) => (
      <div
        key={group.label || g}
        role={group.label ? 'group' : undefined}
        aria-labelledby={group.label ? `vd-nav-${g}` : undefined}
      >
        {group.label ? (
          <div id={`vd-nav-${g}`} className="vd-nav-group">
            {group.label}
          </div>
        ) : null}
        <ul>
          {group.items.map((item) => (
            <li key={item.path}>
              <Link
                to={item.path}
                className={item.path === selected ? 'vd-nav-item vd-nav-selected' : 'vd-nav-item'}
                aria-current={item.path === selected ? 'page' : undefined}
              >
                {item.icon ? <span className="vd-nav-icon">{item.icon}</span> : null}
                <span>{item.label}</span>
                {item.badge ? (
                  <span className="vd-nav-badge" data-testid={`nav-badge-${item.path}`}>
                    {item.badge}
                    <span className="vd-nav-hidden"> awaiting you</span>
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    ))}
    {action ? (
      <ul>
        <li>
          <button
            type="button"
            className={`vd-nav-item${action.danger ? ' vd-nav-danger' : ''}`}
            onClick={action.onClick}
          >
            {action.icon ? <span className="vd-nav-icon">{action.icon}</span> : null}
            <span>{action.label}</span>
          </button>
        </li>
      </ul>
    ) : null}
  </nav>
);
