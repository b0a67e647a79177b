/**
 * A result's title (Ant Design's Result draws it in a div) as a heading, so a screen reader user
 * can jump to what the screen says; it keeps the Result's own size and colour.
 */
export const ResultTitle = ({ children }: { children: string }) => (
  <h1 style={{ margin: 0, font: 'inherit', color: 'inherit' }}>{children}</h1>
);
