/**
 * The colour a status tag is drawn in. The specifications name 'gray' for the states that are
 * neither good nor bad (cancelled, deleted, inactive...); Ant Design has no gray preset and would
 * write the text in #808080 on a pale tint of it (3.5:1, under WCAG AA's 4.5:1). Its neutral
 * default tag is the same grey look with full-contrast text.
 */
export const tagColor = (color: string | undefined) => (color === 'gray' || color === 'grey' ? 'default' : color);
