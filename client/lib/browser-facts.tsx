/**
 * What a render knows of its browser, read once by client/main.tsx or given by the request to
 * client/entry-server.tsx: components read it here, never from globals, so that a server render
 * depends on its request alone.
 */
import { createContext, useContext } from 'react';
import type { AppConfig } from '@shared/api/runtime-config';
import type { Locale } from '@shared/i18n/locale';

export interface BrowserFacts {
  config: AppConfig;
  /** The locale the first render is in (the `lang` query, else the stored one). */
  locale: Locale;
  userAgent: string;
  /** An iPad that calls itself a Mac has several. */
  touchPoints: number;
  /** The IANA zone times are shown in; undefined in a browser, which shows its own. */
  timeZone?: string;
}

const BrowserFactsContext = createContext<BrowserFacts | undefined>(undefined);
export const BrowserFactsProvider = BrowserFactsContext.Provider;

export function useBrowserFacts(): BrowserFacts {
  const facts = useContext(BrowserFactsContext);
  if (!facts) throw new Error('useBrowserFacts outside BrowserFactsProvider');
  return facts;
}

/** The runtime config, as a render reads it. */
export function useRuntimeConfig(): AppConfig {
  return useBrowserFacts().config;
}
