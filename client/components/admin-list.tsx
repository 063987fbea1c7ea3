/** Pieces every back-office list and form shares: page frame, time format, paging, confirmations. */
import { Modal, type PaginationProps } from '@arco-design/web-react';
import { useCallback, type ReactNode } from 'react';
import { useTexts } from '../i18n/define-texts';
import { adminTexts } from './admin-shell.locale';
import { notify } from './notify';
import { formatTime } from './format-time';

export { formatTime };

export function AdminPage({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <div className="admin-page-head">
        <h1 className="admin-page-title">{title}</h1>
        {extra}
      </div>
      {children}
    </>
  );
}

/** A picked date range (local 'YYYY-MM-DD' strings) as the first and last instant of those days. */
export function dayRange(range: string[] | undefined): { from?: number; to?: number } {
  const [from, to] = range ?? [];
  return {
    from: from ? new Date(`${from}T00:00:00`).getTime() : undefined,
    to: to ? new Date(`${to}T23:59:59.999`).getTime() : undefined,
  };
}

/** Filter objects compared by their set values (undefined means "no filter"). */
export function sameFilters(a: object, b: object): boolean {
  const set = (o: object) =>
    JSON.stringify(
      Object.entries(o)
        .filter(([, v]) => v !== undefined)
        .sort(([x], [y]) => x.localeCompare(y)),
    );
  return set(a) === set(b);
}

/** Spec §9: 12 per page; the 12, 15 and 20 options exist but the size changer is not shown. */
export const PAGE_SIZE = 12;
export function pagination(
  current: number,
  total: number,
  onChange: (page: number) => void,
): PaginationProps {
  return {
    current,
    total,
    pageSize: PAGE_SIZE,
    sizeOptions: [12, 15, 20],
    sizeCanChange: false,
    showTotal: true,
    onChange,
  };
}

/** Confirmation dialogs that follow the app language (Modal.useModal reads the ConfigProvider). */
export function useConfirm() {
  const t = useTexts(adminTexts);
  const [modal, holder] = Modal.useModal();
  const confirm = useCallback(
    (options: { title: string; content: ReactNode; onOk: () => Promise<void> }) => {
      modal.confirm?.({
        title: options.title,
        content: options.content,
        okText: t.confirm,
        cancelText: t.cancel,
        okButtonProps: { status: 'danger' },
        onOk: async () => {
          try {
            await options.onOk();
          } catch {
            /* the HTTP client has shown the error; the dialog closes */
          }
        },
      });
    },
    [modal, t],
  );
  return { confirm, holder };
}

/** Copies a value and says so (spec §8 "copy success"). */
export function useCopy(): (value: string) => Promise<void> {
  const t = useTexts(adminTexts);
  return async (value) => {
    try {
      await navigator.clipboard.writeText(value);
      notify.success(t.copied);
    } catch {
      notify.error(t.copyFailed);
    }
  };
}
