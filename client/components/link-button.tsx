import { Button, type ButtonProps } from '@arco-design/web-react';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router-dom';

/**
 * A button that goes to another page (Add, View, Edit, Back): a link to its address, so that a tap
 * before the app has the page is followed by the browser (issue 39), and a middle or Ctrl-click
 * opens a tab. Once the app has it, React Router's own handler moves there with `state`.
 */
export function LinkButton({
  to,
  state,
  ...props
}: Omit<ButtonProps, 'href' | 'onClick' | 'htmlType'> & { to: string; state?: unknown }) {
  const href = useHref(to);
  const follow = useLinkClickHandler<HTMLAnchorElement>(to, { state });
  return (
    <Button
      {...props}
      href={href}
      onClick={(event: Event) => follow(event as unknown as MouseEvent<HTMLAnchorElement>)}
    />
  );
}
