import './full-page-spin.css';

/** No Ant Design here: it is the fallback of the very first load, the sign-in page's included. */
export const FullPageSpin = ({ label = 'Loading' }: { label?: string }) => (
  <div className="vd-spin" role="status" aria-label={label} />
);
