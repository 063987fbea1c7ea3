import { useRef, useState } from 'react';
import { handleError, type ErrorHandlers } from '../api/handle-error';

/**
 * A form's submit: `submitting` while `run`'s action is under way (the button's loading state),
 * its errors through the one error handler. `run` resolves when done, failed or not. A submit
 * while one is under way is not taken (issue 40: two clicks in one moment created two platforms,
 * the second before the button could show it was busy).
 */
export function useSubmit(options?: { handlers?: ErrorHandlers; fallback?: string }) {
  const [submitting, setSubmitting] = useState(false);
  const underWay = useRef(false);
  async function run(action: () => Promise<void>): Promise<void> {
    if (underWay.current) return;
    underWay.current = true;
    setSubmitting(true);
    try {
      await action();
    } catch (error) {
      handleError(error, options);
    } finally {
      underWay.current = false;
      setSubmitting(false);
    }
  }
  return { submitting, run };
}
