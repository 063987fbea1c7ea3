import { useEffect, useLayoutEffect } from 'react';

/** A layout effect in the browser; a server render (no DOM, no paint) skips it without React's warning. */
export const useBeforePaint = typeof window === 'undefined' ? useEffect : useLayoutEffect;
