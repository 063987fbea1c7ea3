import { safeHref } from '../lib/safe-href';

/** An address from data, shown as it is: a link (in a new tab) when it is a web address, else text. */
export function WebLink({ url }: { url: string | null | undefined }) {
  if (!url) return null;
  const href = safeHref(url);
  if (!href) return <>{url}</>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  );
}
