/** Environment derived from the request host (spec §1) when APP_ENV does not fix it. */
export type AppEnv = 'development' | 'staging' | 'production';
export const APP_ENVS: readonly AppEnv[] = ['development', 'staging', 'production'];

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK.has(hostname.toLowerCase());
}

export function environmentFromHost(host: string): AppEnv {
  const hostname = host.toLowerCase().replace(/:\d+$/, '');
  if (isLoopbackHost(hostname) || hostname.endsWith('.localhost') || /(^|[.-])dev([.-]|$)/.test(hostname)) {
    return 'development';
  }
  if (/(^|[.-])(staging|test|pre|uat)([.-]|$)/.test(hostname)) return 'staging';
  return 'production';
}
