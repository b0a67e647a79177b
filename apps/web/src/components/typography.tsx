import {
  useEffect,
  useState,
  type AnchorHTMLAttributes,
  type CSSProperties,
  type HTMLAttributes,
  type ReactNode,
} from 'react';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import './typography.css';

type TextType = 'secondary' | 'success' | 'warning' | 'danger';
type Copyable = boolean | { text?: string; onCopy?: () => void };
type Common = {
  type?: TextType;
  strong?: boolean;
  code?: boolean;
  copyable?: Copyable;
  children?: ReactNode;
  style?: CSSProperties;
};

const textOf = (node: ReactNode): string =>
  typeof node === 'string' || typeof node === 'number'
    ? String(node)
    : Array.isArray(node)
      ? node.map(textOf).join('')
      : '';

/** Copies the text, then shows a tick for three seconds (as Ant Design's copyable text does). */
const CopyButton = ({ copyable, children }: { copyable: Exclude<Copyable, false>; children: ReactNode }) => {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(t);
  }, [copied]);
  const text = typeof copyable === 'object' && copyable.text !== undefined ? copyable.text : textOf(children);
  return (
    <button
      type="button"
      className="vd-copy"
      aria-label={copied ? 'Copied' : 'Copy'}
      title={copied ? 'Copied' : 'Copy'}
      onClick={() => {
        void navigator.clipboard?.writeText(text).catch(() => undefined);
        setCopied(true);
        if (typeof copyable === 'object') copyable.onCopy?.();
      }}
    >
      {copied ? <CheckOutlined aria-hidden /> : <CopyOutlined aria-hidden />}
    </button>
  );
};

const classes = (base: string, { type, strong }: Common, extra?: string) =>
  [base, type ? `vd-text-${type}` : '', strong ? 'vd-text-strong' : '', extra ?? ''].filter(Boolean).join(' ');

const inner = ({ code, children }: Common) => (code ? <code className="vd-code">{children}</code> : children);

/** Text and Paragraph: the same props, drawn in a span or a div. */
const textElement = (Element: 'span' | 'div', base: string) =>
  function TextElement({
    type,
    strong,
    code,
    copyable,
    children,
    className,
    ...rest
  }: Common & HTMLAttributes<HTMLElement>) {
    return (
      <Element className={classes(base, { type, strong }, className)} {...rest}>
        {inner({ code, children })}
        {copyable ? <CopyButton copyable={copyable}>{children}</CopyButton> : null}
      </Element>
    );
  };

const Text = textElement('span', 'vd-text');

const Paragraph = textElement('div', 'vd-text vd-paragraph');

const Title = ({
  level = 1,
  type,
  children,
  className,
  ...rest
}: { level?: 1 | 2 | 3 | 4 | 5 } & Common & HTMLAttributes<HTMLHeadingElement>) => {
  const Tag = `h${level}` as const;
  return (
    <Tag className={classes(`vd-title vd-title-${level}`, { type }, className)} {...rest}>
      {children}
    </Tag>
  );
};

const Link = ({ className, children, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement>) => (
  <a className={['vd-link', className].filter(Boolean).join(' ')} {...rest}>
    {children}
  </a>
);

/**
 * Text, titles, paragraphs and links drawn like Ant Design's Typography, without its 20 KB
 * (Tooltip, and Input for the editable text the screens do not use). `copyable` adds a Copy
 * button. Same names and props as Ant Design's, so a screen switches by its import.
 */
export const Typography = { Text, Title, Paragraph, Link };
