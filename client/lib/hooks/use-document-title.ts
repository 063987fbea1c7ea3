import { useEffect } from 'react';

/**
 * The browser tab's title, in the page's language: the section (if any), then the product or
 * platform name, as "User Center · Account Center".
 */
export function useDocumentTitle(...parts: (string | undefined)[]): void {
  const title = parts.filter(Boolean).join(' · ');
  useEffect(() => {
    document.title = title;
  }, [title]);
}
