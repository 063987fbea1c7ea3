import { Button, type ButtonProps } from '@arco-design/web-react';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';
import { useWithLang } from '@client/lib/i18n/lang-in-links';

/**
 * A button that goes to another page (Add, View, Edit, Back): a link to its address, so that a tap
 * before the app has the page is followed by the browser (issue 39), and a middle or Ctrl-click
 * opens a tab. Once the app has it, React Router's own handler moves there with `state`. The address
 * carries the page's `lang` when the page's has one (lib/i18n/lang-in-links.ts).
 */
export function LinkButton({
  to,
  state,
  ...props
}: Omit<ButtonProps, 'href' | 'onClick' | 'htmlType'> & { to: string; state?: unknown }) {
  const address = useWithLang()(to);
  const href = useHref(address);
  const follow = useLinkClickHandler<HTMLAnchorElement>(address, { state });
  return (
    <Button
      {...props}
      href={href}
      onClick={(event: Event) => follow(event as unknown as MouseEvent<HTMLAnchorElement>)}
    />
  );
}
