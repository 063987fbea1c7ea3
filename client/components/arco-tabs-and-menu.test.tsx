// @vitest-environment jsdom
/**
 * What Arco's Tabs and Dropdown + Menu do not give, which the app's own Tabs and AccountMenu do
 * (docs/adr/0014). Each test pins a gap: when an upgrade of Arco closes it, the test fails and the
 * ADR is read again to see whether the own component can go.
 */
import Dropdown from '@arco-design/web-react/es/Dropdown';
import Menu from '@arco-design/web-react/es/Menu';
import Tabs from '@arco-design/web-react/es/Tabs';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

afterEach(cleanup);

describe("Arco's Tabs", () => {
  function twoTabs() {
    return render(
      <Tabs activeTab="sms">
        <Tabs.TabPane key="sms" title="SMS login">
          sms
        </Tabs.TabPane>
        <Tabs.TabPane key="password" title="Password login">
          password
        </Tabs.TabPane>
      </Tabs>,
    );
  }

  it('draws its tabs without a tablist around them', () => {
    twoTabs();
    expect(screen.getAllByRole('tab')).toHaveLength(2);
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('puts every tab in the tab order (no roving focus) and none is a link', () => {
    twoTabs();
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((tab) => tab.getAttribute('tabindex'))).toEqual(['0', '0']);
    expect(tabs.filter((tab) => tab.closest('a[href]'))).toEqual([]);
  });
});

describe("Arco's Dropdown with a Menu", () => {
  it('leaves focus on its button when it opens, and the down arrow moves nothing', async () => {
    render(
      <Dropdown
        trigger="click"
        droplist={
          <Menu>
            <Menu.Item key="name">Name</Menu.Item>
            <Menu.Item key="logout">Log out</Menu.Item>
          </Menu>
        }
      >
        <button type="button">Account</button>
      </Dropdown>,
    );
    const button = screen.getByRole('button', { name: 'Account' });
    button.focus();
    await act(async () => {
      fireEvent.click(button);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getAllByRole('menuitem')).toHaveLength(2);
    expect(document.activeElement).toBe(button);
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(button);
  });
});
