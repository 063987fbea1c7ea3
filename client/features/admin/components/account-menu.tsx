import { Avatar } from '@arco-design/web-react';
import { IconDown } from '@arco-design/web-react/icon';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

type Opening = false | 'first' | 'last';

/**
 * The back office's avatar menu as a WAI-ARIA menu button (issue 29): Enter, Space or the down
 * arrow opens it on its first item and the up arrow on its last; the arrows, Home and End move
 * between its items, Enter or Space picks one, Escape closes it and gives focus back to the
 * button, Tab closes it and moves on. Arco's Dropdown opened on Enter but left focus on the button
 * and its Menu has no arrow keys: "Log out" was reached only after the pager.
 */
export function AccountMenu(props: { name: string; label: string; logoutLabel: string; onLogout(): void }) {
  const [open, setOpen] = useState<Opening>(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const id = useId();

  const items = () =>
    [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])].filter(
      (item) => item.getAttribute('aria-disabled') !== 'true',
    );

  useEffect(() => {
    if (!open) return;
    const list = items();
    (open === 'last' ? list.at(-1) : list[0])?.focus();
    // A press outside closes it, leaving focus where that press put it.
    const outside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node))
        setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  function close(): void {
    setOpen(false);
    button.current?.focus();
  }

  function onButtonKey(event: KeyboardEvent): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
    }
  }

  function onMenuKey(event: KeyboardEvent): void {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(at + 1);
      case 'ArrowUp':
        return move(at - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(list.length - 1);
      case 'Escape':
        event.preventDefault();
        return close();
      case 'Tab':
        // Back on the button first, so that the browser's Tab moves on from there.
        return close();
      case 'Enter':
      case ' ':
        event.preventDefault();
        (document.activeElement as HTMLElement | null)?.click();
        return;
      default:
        return;
    }
  }

  return (
    <span className="admin-account">
      <button
        ref={button}
        type="button"
        className="admin-avatar-button"
        aria-label={props.label}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((now) => (now ? false : 'first'))}
        onKeyDown={onButtonKey}
      >
        <Avatar size={28} className="admin-avatar">
          {(props.name[0] ?? '?').toUpperCase()}
        </Avatar>
        <span className="admin-avatar-name">{props.name}</span>
        <IconDown aria-hidden="true" />
      </button>
      {open ? (
        <ul
          ref={menu}
          id={id}
          role="menu"
          aria-label={props.label}
          className="admin-account-menu"
          onKeyDown={onMenuKey}
        >
          {props.name ? (
            <li role="menuitem" aria-disabled="true" tabIndex={-1} className="admin-account-name">
              {props.name}
            </li>
          ) : null}
          <li
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              setOpen(false);
              props.onLogout();
            }}
          >
            {props.logoutLabel}
          </li>
        </ul>
      ) : null}
    </span>
  );
}
