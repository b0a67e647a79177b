/** The primary colour of the Ant Design theme, and of the screens drawn before Ant Design loads. */
export const PRIMARY_COLOR = '#1f4e8c';
