import { Button, Result, type ResultProps } from '@arco-design/web-react';
import { useEffect, useRef, type MouseEvent as ReactMouseEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * The result pages' one look (activation, oauth callbacks, redirect failed, register and reset
 * success): the title is the page's heading, the body and a countdown each on a line of their own.
 */
export function ResultPanel(props: {
  className?: string;
  status: ResultProps['status'];
  icon?: ReactNode;
  title: string;
  body?: ReactNode;
  /** The visible countdown (spec §9), a live timer. */
  countdown?: string;
  actions?: ReactNode;
  /**
   * The panel replaces the form the visitor was in (register, reset succeeded): focus goes to its
   * heading, where reading the result starts, instead of being lost with the form's button.
   */
  takeFocus?: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const takeFocus = props.takeFocus ?? false;
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  const body =
    props.body || props.countdown ? (
      <>
        {props.body ? <p className="result-body">{props.body}</p> : null}
        {props.countdown ? (
          <p className="result-countdown" role="timer">
            {props.countdown}
          </p>
        ) : null}
      </>
    ) : undefined;
  return (
    <Result
      className={props.className}
      status={props.status}
      // Arco draws the status's icon only when no `icon` prop is given at all (an undefined one
      // hides it).
      {...(props.icon === undefined ? {} : { icon: props.icon })}
      title={
        <h1 className="result-title" ref={heading} tabIndex={takeFocus ? -1 : undefined}>
          {props.title}
        </h1>
      }
      subTitle={body}
      extra={props.actions ? <div className="result-actions">{props.actions}</div> : undefined}
    />
  );
}

/**
 * A result page's action: a link that looks like a button (never a button inside a link). Routes
 * of this app open without a reload; `external` addresses load as documents.
 */
export function ResultLink(props: {
  to: string;
  primary?: boolean;
  external?: boolean;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  // Arco types the handler with a DOM Event; it receives React's mouse event.
  function onClick(event: Event): void {
    const click = event as unknown as ReactMouseEvent;
    if (props.external || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey) return;
    click.preventDefault();
    void navigate(props.to, { replace: true });
  }
  return (
    <Button type={props.primary ? 'primary' : 'secondary'} href={props.to} onClick={onClick}>
      {props.children}
    </Button>
  );
}
