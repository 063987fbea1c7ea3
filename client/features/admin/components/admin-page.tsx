import { useEffect, useRef, type ReactNode } from 'react';
import { focusFell, focusHeading } from '@client/lib/focus';

/** Back-office pages shown in this tab so far. */
let pagesShown = 0;

/** A back-office page's frame: its heading, with `extra` beside it, above the page's panels. */
export function AdminPage({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A page the shell moved to (Add, View, Edit, Save, Back, the menu) starts at its heading
  // (issue 29): the control that moved there is gone, and focus would fall to the page's body.
  // Not the first page of a visit, where the browser starts at the top anyway.
  useEffect(() => {
    if (pagesShown++ > 0 && focusFell()) focusHeading(heading.current);
  }, []);
  return (
    <>
      <div className="admin-page-head">
        <h1 className="admin-page-title" ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {extra}
      </div>
      {children}
    </>
  );
}
