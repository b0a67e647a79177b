import { useEffect, useRef } from 'react';
import { Button, Flex, Space } from 'antd';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { safeNewsletterNodes } from './safe-html';

type Props = { value?: string; onChange?: (html: string) => void; id?: string };

// The browser's own editing commands: enough for a newsletter (the worker keeps only a safe subset of tags).
const run = (command: string, arg?: string) => document.execCommand(command, false, arg);

/** A small rich-text field for Ant Design's Form: bold, italic, underline, lists and links, as HTML. */
export const RichTextEditor = ({ value, onChange, id }: Props) => {
  const ref = useRef<HTMLDivElement>(null);
  // Written only when the form changes it from outside, so the caret does not jump while typing.
  // A stored draft is staff input: it goes in rebuilt from safe nodes, never as innerHTML (an
  // <img onerror> in it would otherwise run in the next editor's page).
  useEffect(() => {
    if (ref.current && ref.current.innerHTML !== (value ?? ''))
      ref.current.replaceChildren(safeNewsletterNodes(value ?? ''));
  }, [value]);
  const emit = () => onChange?.(ref.current?.innerHTML === '<br>' ? '' : (ref.current?.innerHTML ?? ''));
  const command = (name: string, arg?: string) => () => {
    ref.current?.focus();
    run(name, arg);
    emit();
  };
  const link = () => {
    const url = window.prompt('Link address (https://...)');
    if (url && /^https?:\/\//.test(url)) command('createLink', url)();
  };
  return (
    <Flex vertical gap={4}>
      <Space size={4}>
        <Button
          size="small"
          aria-label="Bold"
          icon={<BoldOutlined />}
          onMouseDown={(e) => e.preventDefault()}
          onClick={command('bold')}
        />
        <Button
          size="small"
          aria-label="Italic"
          icon={<ItalicOutlined />}
          onMouseDown={(e) => e.preventDefault()}
          onClick={command('italic')}
        />
        <Button
          size="small"
          aria-label="Underline"
          icon={<UnderlineOutlined />}
          onMouseDown={(e) => e.preventDefault()}
          onClick={command('underline')}
        />
        <Button
          size="small"
          aria-label="Bulleted list"
          icon={<UnorderedListOutlined />}
          onMouseDown={(e) => e.preventDefault()}
          onClick={command('insertUnorderedList')}
        />
        <Button
          size="small"
          aria-label="Numbered list"
          icon={<OrderedListOutlined />}
          onMouseDown={(e) => e.preventDefault()}
          onClick={command('insertOrderedList')}
        />
        <Button
          size="small"
          aria-label="Link"
          icon={<LinkOutlined />}
          onMouseDown={(e) => e.preventDefault()}
          onClick={link}
        />
      </Space>
      <div
        id={id}
        ref={ref}
        role="textbox"
        aria-multiline="true"
        aria-label="Content"
        contentEditable
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        style={{
          minHeight: 160,
          padding: 8,
          border: '1px solid #d9d9d9',
          borderRadius: 6,
          outline: 'none',
          overflowY: 'auto',
          maxHeight: 360,
        }}
      />
    </Flex>
  );
};
