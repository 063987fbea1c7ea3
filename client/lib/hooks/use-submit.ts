import { useState } from 'react';
import { handleError, type ErrorHandlers } from '../api/handle-error';

/**
 * A form's submit: `submitting` while `run`'s action is under way (the button's loading state),
 * its errors through the one error handler. `run` resolves when done, failed or not.
 */
export function useSubmit(options?: { handlers?: ErrorHandlers; fallback?: string }) {
  const [submitting, setSubmitting] = useState(false);
  async function run(action: () => Promise<void>): Promise<void> {
    setSubmitting(true);
    try {
      await action();
    } catch (error) {
      handleError(error, options);
    } finally {
      setSubmitting(false);
    }
  }
  return { submitting, run };
}
