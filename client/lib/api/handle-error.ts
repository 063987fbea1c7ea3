import { productMessage } from '@shared/errors/catalogue';
import { currentLocale } from '../i18n/locale-context';
import { notify } from '../notify';
import { ApiError } from './client';

/** What a caller does for a reply code of its own (Logto's error handler map). */
export type ErrorHandlers = Readonly<Partial<Record<string, (error: ApiError) => void>>>;

/**
 * The one error handler (Logto's useErrorHandler): the caller's handler for the reply's msgCode
 * where it has one; any other reply error the HTTP client has toasted already (or keeps silent,
 * spec §7); a failure without a reply (the public key, a chunk) gets the toast `fallback`.
 */
export function handleError(
  error: unknown,
  { handlers = {}, fallback }: { handlers?: ErrorHandlers; fallback?: string } = {},
): void {
  if (error instanceof ApiError) {
    handlers[error.msgCode]?.(error);
    return;
  }
  notify.error(fallback ?? productMessage('networkError', currentLocale()));
}
