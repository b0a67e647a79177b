import { Tag, type TagProps } from 'antd';
import { tagColor } from './tag-color';

/**
 * A status drawn in the colour the specification gives it. Every status tag goes through here, so
 * the specifications' 'gray' is always drawn as the neutral tag (see `tagColor`).
 */
export function StatusTag({ color, ...rest }: TagProps) {
  return <Tag color={tagColor(color)} {...rest} />;
}
