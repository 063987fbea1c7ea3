/**
 * What a render knows besides its data: the runtime config, the locale, the device (user agent,
 * touch points) and the time zone. Read once from the window by client/main.tsx, or given to
 * client/entry-server.tsx from the document's request (bff/documents/document-request.ts): components
 * read it here, never from globals, so that a server render depends on its request alone.
 */
import { createContext, useContext } from 'react';
import type { AppConfig } from '@shared/api/runtime-config';
import type { Locale } from '@shared/i18n/locale';

export interface RenderContext {
  config: AppConfig;
  /** The locale the first render is in (the `lang` query, else the stored one). */
  locale: Locale;
  userAgent: string;
  /** An iPad that calls itself a Mac has several. */
  touchPoints: number;
  /** The IANA zone times are shown in; undefined in a browser, which shows its own. */
  timeZone?: string;
}

const RenderContextReact = createContext<RenderContext | undefined>(undefined);
export const RenderContextProvider = RenderContextReact.Provider;

export function useRenderContext(): RenderContext {
  const context = useContext(RenderContextReact);
  if (!context) throw new Error('useRenderContext outside RenderContextProvider');
  return context;
}

/** The runtime config, as a render reads it. */
export function useRuntimeConfig(): AppConfig {
  return useRenderContext().config;
}
