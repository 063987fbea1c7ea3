import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

/** Spec §9: forgot-password and register success return to login after a visible 10 s countdown. */
export const AUTO_REDIRECT_S = 10;

/** Counts down while `active`, then navigates; returns the seconds left for display. */
export function useAutoRedirect(active: boolean, to: string, seconds = AUTO_REDIRECT_S): number {
  const navigate = useNavigate();
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (!active) return undefined;
    if (left <= 0) {
      navigate(to, { replace: true });
      return undefined;
    }
    const timer = window.setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [active, left, navigate, to]);
  return left;
}
