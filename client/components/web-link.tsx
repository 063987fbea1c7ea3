import { safeHref } from '../lib/safe-href';
import { NewTabLink } from './new-tab-link';

/** An address from data, shown as it is: a link (in a new tab) when it is a web address, else text. */
export function WebLink({ url }: { url: string | null | undefined }) {
  if (!url) return null;
  const href = safeHref(url);
  if (!href) return <>{url}</>;
  return <NewTabLink href={href}>{url}</NewTabLink>;
}
