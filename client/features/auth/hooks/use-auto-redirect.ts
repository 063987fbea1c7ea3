import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCountdown } from '@client/lib/hooks/use-countdown';

/** Spec §9: forgot-password and register success return to login after a visible 10 s countdown. */
export const AUTO_REDIRECT_S = 10;

/** Counts down once `active`, then navigates; returns the seconds left for display. */
export function useAutoRedirect(active: boolean, to: string, seconds = AUTO_REDIRECT_S): number {
  const navigate = useNavigate();
  const { left, start } = useCountdown();
  const [started, setStarted] = useState(false);
  useEffect(() => {
    if (!active || started) return;
    setStarted(true);
    start(seconds);
  }, [active, started, start, seconds]);
  useEffect(() => {
    if (started && left <= 0) navigate(to, { replace: true });
  }, [started, left, navigate, to]);
  return started ? left : seconds;
}
