/**
 * Human verification (spec §2): a dialogue; the local provider asks for one click, the vendor
 * provider plugs in here in production builds. The dialogue's code loads on demand: `preload`
 * when the visitor starts on a form, so that it opens at once when verification is asked for.
 */
import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { productMessage } from '@shared/errors/catalogue';
import type { CaptchaResult } from '@shared/api/envelope';
import { currentLocale } from '../lib/i18n/locale-context';
import { notify } from '../lib/notify';

export const CAPTCHA_TIMEOUT_MS = 10_000;

type Dialog = ComponentType<{ visible: boolean; onSettle(result: CaptchaResult | null): void }>;

let loading: Promise<Dialog> | undefined;

function loadDialog(): Promise<Dialog> {
  loading ??= import('./captcha-modal').then(
    (module) => module.CaptchaModal,
    (error: unknown) => {
      loading = undefined; // the next attempt fetches again
      throw error;
    },
  );
  return loading;
}

export function useCaptcha(): {
  verify(): Promise<CaptchaResult | null>;
  dialog: ReactNode;
  preload(): void;
} {
  const [Dialog, setDialog] = useState<Dialog | null>(null);
  const [visible, setVisible] = useState(false);
  const resolver = useRef<((result: CaptchaResult | null) => void) | undefined>(undefined);
  // What had focus when the dialogue opened (the button that asked): it gets focus back.
  const opener = useRef<HTMLElement | null>(null);

  const settle = useCallback((result: CaptchaResult | null) => {
    resolver.current?.(result);
    resolver.current = undefined;
    setVisible(false);
  }, []);

  const verify = useCallback(async () => {
    resolver.current?.(null);
    resolver.current = undefined;
    let loaded: Dialog;
    try {
      loaded = await loadDialog();
    } catch {
      notify.warning(productMessage('networkError', currentLocale()));
      return null;
    }
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialog(() => loaded);
    setVisible(true);
    return new Promise<CaptchaResult | null>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  // Once closed (the modal's focus lock then lets go), focus returns where it was: Arco's modal
  // leaves it on the page's body. A button that has since been disabled (a code countdown) cannot
  // take it; its own component moves focus on.
  useEffect(() => {
    if (visible || !opener.current) return;
    if (opener.current.isConnected) opener.current.focus();
    opener.current = null;
  }, [visible]);

  const preload = useCallback(() => void loadDialog().catch(() => undefined), []);

  const dialog = Dialog ? <Dialog visible={visible} onSettle={settle} /> : null;
  return { verify, dialog, preload };
}
