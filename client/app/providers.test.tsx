// @vitest-environment jsdom
// Both from es/, as the build takes them (the package's main is lib/, with contexts of its own).
import ConfigProvider, { ConfigContext } from '@arco-design/web-react/es/ConfigProvider';
import { getConfigProviderProps } from '@arco-design/web-react/es/Modal/config';
import enUS from '@arco-design/web-react/es/locale/en-US';
import type { ConfigProviderProps } from '@arco-design/web-react/es/ConfigProvider/interface';
import type { Locale as ArcoLocale } from '@arco-design/web-react/es/locale/interface';
import { cleanup, render } from '@testing-library/react';
import { useContext, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ArcoConfig } from './providers';

/** What Arco's components read from the context: each value, and what each function gives. */
function Read({ into }: { into: Record<string, unknown> }) {
  const config = useContext(ConfigContext) as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(config)) {
    into[key] = key === 'getPrefixCls' ? [(value as (n: string) => string)('btn')] : value;
  }
  return null;
}

type ComponentConfig = ConfigProviderProps['componentConfig'];

function readUnder(
  Provider: (props: {
    locale?: ArcoLocale;
    componentConfig?: ComponentConfig;
    children: ReactNode;
  }) => ReactNode,
  locale?: ArcoLocale,
  componentConfig?: ComponentConfig,
) {
  const seen: Record<string, unknown> = {};
  render(
    <Provider locale={locale} {...(componentConfig ? { componentConfig } : {})}>
      <Read into={seen} />
    </Provider>,
  );
  const modal = { ...getConfigProviderProps() };
  cleanup();
  return { context: seen, modal };
}

afterEach(cleanup);

describe("ArcoConfig gives Arco's components what its ConfigProvider gives (ADR 0005: an upgrade that changes it fails here)", () => {
  it.each([
    ['its built-in Chinese', undefined, undefined],
    ['English', enUS, undefined],
    ["English and the dialogs' close icon", enUS, { Modal: { closeIcon: 'x' } }],
  ])('with %s', (_name, locale, componentConfig) => {
    const ours = readUnder(ArcoConfig, locale, componentConfig);
    const arco = readUnder(ConfigProvider as never, locale, componentConfig);
    expect(Object.keys(ours.context).sort()).toEqual(Object.keys(arco.context).sort());
    expect(ours.context).toEqual(arco.context);
    expect(ours.context.locale).toBe(locale ?? arco.context.locale);
    // The static dialogs' locale.
    expect(ours.modal).toEqual(arco.modal);
  });
});
