import { useSearchParams } from 'react-router';

/** The list's page in the URL (`?page=`), 1 by default. */
export const usePageParam = (): [number, (page: number) => void] => {
  const [params, setParams] = useSearchParams();
  const n = Number(params.get('page'));
  const page = Number.isInteger(n) && n >= 1 ? n : 1;
  const setPage = (p: number) => {
    const out = new URLSearchParams(params);
    if (p === 1) out.delete('page');
    else out.set('page', String(p));
    setParams(out);
  };
  return [page, setPage];
};
