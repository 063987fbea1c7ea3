import { useSearchParams } from 'react-router-dom';

/**
 * A query parameter kept in the address (`?type=create`): its value, and a setter that changes
 * it (null removes it) in place of the current entry, leaving the rest of the query as it is.
 */
export function useParamInAddress(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  return [params.get(name), set];
}
