// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs, usePaneShown } from './tabs';

function Shown({ name }: { name: string }) {
  return <output aria-label={name}>{String(usePaneShown())}</output>;
}

function TwoTabs({ initial = 'sms', hrefOf }: { initial?: string; hrefOf?(key: string): string }) {
  const [tab, setTab] = useState(initial);
  return (
    <Tabs activeTab={tab} onChange={setTab} hrefOf={hrefOf}>
      <Tabs.TabPane key="sms" title="SMS login">
        <input aria-label="Phone" />
        <Shown name="sms shown" />
      </Tabs.TabPane>
      <Tabs.TabPane key="password" title="Password login">
        <input aria-label="Account" />
        <Shown name="password shown" />
      </Tabs.TabPane>
    </Tabs>
  );
}

const selected = () => screen.getByRole('tab', { selected: true });

describe('Tabs', () => {
  afterEach(cleanup);

  it('shows the active pane alone, labelled by its tab', () => {
    render(<TwoTabs />);
    expect(screen.getByRole('tablist')).toBeTruthy();
    expect(selected().textContent).toBe('SMS login');
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(selected().id);
    expect(screen.getByRole('textbox', { name: 'Phone' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Account' })).toBeNull();
    // Not even hidden: as in Arco, a pane mounts when first shown.
    expect(document.querySelector('[aria-label="Account"]')).toBeNull();
  });

  it('switches on click and keeps what was typed in the other pane', () => {
    render(<TwoTabs />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: '138' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Password login' }));
    expect(selected().textContent).toBe('Password login');
    expect(screen.getByRole('textbox', { name: 'Account' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'SMS login' }));
    expect((screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement).value).toBe('138');
  });

  it('moves between tabs with the arrow keys, only the active one in the tab order', () => {
    render(<TwoTabs />);
    const [sms, password] = screen.getAllByRole('tab');
    expect(sms?.tabIndex).toBe(0);
    expect(password?.tabIndex).toBe(-1);
    fireEvent.keyDown(sms!, { key: 'ArrowRight' });
    expect(selected()).toBe(password);
    expect(document.activeElement).toBe(password);
    fireEvent.keyDown(password!, { key: 'ArrowRight' }); // wraps round
    expect(selected()).toBe(sms);
    fireEvent.keyDown(sms!, { key: 'End' });
    expect(selected()).toBe(password);
    expect(password?.tabIndex).toBe(0);
  });

  it('tells what sits in a hidden pane that it is hidden', () => {
    render(<TwoTabs />);
    fireEvent.click(screen.getByRole('tab', { name: 'Password login' }));
    fireEvent.click(screen.getByRole('tab', { name: 'SMS login' }));
    const shown = (name: string) => document.querySelector(`[aria-label="${name}"]`)?.textContent;
    expect(shown('sms shown')).toBe('true');
    expect(shown('password shown')).toBe('false');
  });

  describe('with an address per tab', () => {
    const hrefOf = (key: string) => `/login?lang=en-US&tab=${key}`;

    it('makes each tab a link to its address', () => {
      render(<TwoTabs hrefOf={hrefOf} />);
      const [sms, password] = screen.getAllByRole('tab');
      expect(sms?.tagName).toBe('A');
      expect(sms?.getAttribute('href')).toBe('/login?lang=en-US&tab=sms');
      expect(password?.getAttribute('href')).toBe('/login?lang=en-US&tab=password');
      expect(selected()).toBe(sms);
    });

    it('answers a click in place, and leaves one for a new tab or window to the browser', () => {
      render(<TwoTabs hrefOf={hrefOf} />);
      const password = screen.getByRole('tab', { name: 'Password login' });
      expect(fireEvent.click(password, { ctrlKey: true }), 'not prevented').toBe(true);
      expect(selected().textContent).toBe('SMS login');
      expect(fireEvent.click(password), 'not prevented').toBe(false);
      expect(selected()).toBe(password);
      expect(screen.getByRole('textbox', { name: 'Account' })).toBeTruthy();
    });

    it('keeps the arrow keys, and Space chooses as on a button', () => {
      render(<TwoTabs hrefOf={hrefOf} initial="password" />);
      const [sms, password] = screen.getAllByRole('tab');
      fireEvent.keyDown(password!, { key: 'Home' });
      expect(selected()).toBe(sms);
      expect(document.activeElement).toBe(sms);
      expect(fireEvent.keyDown(sms!, { key: ' ' }), 'the page does not scroll').toBe(false);
      expect(selected()).toBe(sms);
    });
  });
});
