import { useLocation } from 'react-router-dom';
import { withParams } from '@shared/query';
import { LANG_PARAM } from '@shared/routes';

/**
 * `to` (an in-app address: path, query, hash) in the language `search` (the page's query) names:
 * its `lang` set to the page's, when the page's address has one, else `to` as it is. A link the
 * browser follows itself (a tap before the app has taken the page over, a new tab) then opens
 * the page in the language this one is in, not the default one (issue 39).
 */
export function withLang(to: string, search: string): string {
  const lang = new URLSearchParams(search).get(LANG_PARAM);
  if (!lang) return to;
  const hashAt = to.indexOf('#');
  const [beforeHash, hash] = hashAt < 0 ? [to, ''] : [to.slice(0, hashAt), to.slice(hashAt)];
  const queryAt = beforeHash.indexOf('?');
  const [path, query] =
    queryAt < 0 ? [beforeHash, ''] : [beforeHash.slice(0, queryAt), beforeHash.slice(queryAt)];
  return `${path}${withParams(query, { [LANG_PARAM]: lang })}${hash}`;
}

/** `withLang` for the current page: what every in-app link and move of the app's goes through. */
export function useWithLang(): (to: string) => string {
  const { search } = useLocation();
  return (to) => withLang(to, search);
}
