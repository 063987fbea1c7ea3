// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp, setUpClientTest } from '@tests/support/client-app';
import { useConfirm } from './use-confirm';

const uaa = setUpClientTest();

function DeleteButton({ onOk }: { onOk: () => Promise<void> }) {
  const { confirm, holder } = useConfirm();
  const ask = () =>
    confirm({
      title: 'Delete the key?',
      content: 'It cannot be undone.',
      okText: 'Delete',
      cancelText: 'Cancel',
      onOk,
    });
  return (
    <>
      <button type="button" onClick={ask}>
        Delete key
      </button>
      {holder}
    </>
  );
}

function open(onOk: () => Promise<void>) {
  renderInApp(<DeleteButton onOk={onOk} />);
  fireEvent.click(screen.getByRole('button', { name: 'Delete key' }));
  return within(screen.getByRole('dialog', { name: 'Delete the key?' }));
}

const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

describe('useConfirm', () => {
  it('asks before the step, takes it on OK, and closes', async () => {
    const onOk = vi.fn(async () => undefined);
    const dialog = open(onOk);
    expect(dialog.getByText('It cannot be undone.')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
    // A step that cannot be undone looks like one.
    expect(dialog.getByRole('button', { name: 'Delete' }).className).toContain('arco-btn-status-danger');
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await closed();
    expect(onOk).toHaveBeenCalledOnce();
  });

  it('takes the step once when OK is pressed twice in one moment', async () => {
    const onOk = vi.fn(async () => undefined);
    const ok = open(onOk).getByRole('button', { name: 'Delete' });
    fireEvent.click(ok);
    fireEvent.click(ok);
    await closed();
    expect(onOk).toHaveBeenCalledOnce();
  });

  it('takes no step when cancelled', async () => {
    const onOk = vi.fn(async () => undefined);
    fireEvent.click(open(onOk).getByRole('button', { name: 'Cancel' }));
    await closed();
    expect(onOk).not.toHaveBeenCalled();
  });

  it('reports a step that failed, and closes all the same', async () => {
    const dialog = open(() => Promise.reject(new TypeError('Failed to fetch')));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await closed();
    expect(uaa.notified.error).toHaveBeenCalledOnce();
  });
});
