import { useId, useRef, useState, type KeyboardEvent, type Key, type ReactNode } from 'react';
import './light-tabs.css';

export type LightTabItem = { key: string; label: ReactNode; children?: ReactNode };

/**
 * Tabs drawn like Ant Design's (instead of its Tabs, which bring Menu and Dropdown for their
 * overflow, about 18 KB gzipped): a tablist of buttons, arrow keys, Home and End move between
 * them, and the active tab's panel only (as Ant Design's `destroyOnHidden`).
 */
export const LightTabs = ({
  items,
  activeKey,
  defaultActiveKey,
  onChange,
}: {
  items: LightTabItem[];
  activeKey?: string;
  defaultActiveKey?: string;
  onChange?: (key: string) => void;
  /** Accepted for Ant Design's prop list: inactive panels are never kept. */
  destroyOnHidden?: boolean;
}) => {
  const id = useId();
  const [own, setOwn] = useState(defaultActiveKey ?? items[0]?.key);
  const current = activeKey ?? own;
  const active = items.find((i) => i.key === current) ?? items[0];
  const refs = useRef(new Map<Key, HTMLButtonElement>());
  const select = (key: string) => {
    if (activeKey === undefined) setOwn(key);
    if (key !== current) onChange?.(key);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const at = items.findIndex((i) => i.key === active?.key);
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % items.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + items.length) % items.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? items.length - 1
              : -1;
    if (to < 0 || !items[to]) return;
    e.preventDefault();
    select(items[to].key);
    refs.current.get(items[to].key)?.focus();
  };
  const tabId = (key: string) => `${id}-tab-${key}`;
  const panelId = (key: string) => `${id}-panel-${key}`;
  return (
    <div className="vd-tabs">
      <div role="tablist" className="vd-tabs-list" onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.key === active?.key;
          return (
            <button
              key={item.key}
              ref={(el) => {
                if (el) refs.current.set(item.key, el);
                else refs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={tabId(item.key)}
              aria-selected={selected}
              aria-controls={item.children !== undefined && selected ? panelId(item.key) : undefined}
              tabIndex={selected ? 0 : -1}
              className={selected ? 'vd-tab vd-tab-active' : 'vd-tab'}
              onClick={() => select(item.key)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {active && active.children !== undefined ? (
        <div role="tabpanel" id={panelId(active.key)} aria-labelledby={tabId(active.key)} className="vd-tabs-panel">
          {active.children}
        </div>
      ) : null}
    </div>
  );
};
