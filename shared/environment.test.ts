import { describe, expect, it } from 'vitest';
import { APP_ENVS, environmentFromHost, isLoopbackHost } from './environment';

describe('isLoopbackHost', () => {
  it.each(['localhost', 'LOCALHOST', '127.0.0.1', '[::1]', '::1'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });
  it.each([
    'localhost.evil.com',
    'evil-localhost',
    '127.0.0.1.nip.io',
    '127.0.0.2',
    '0.0.0.0',
    '',
    'localhost.',
  ])('%s is not loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});

describe('environmentFromHost', () => {
  it.each([
    ['localhost', 'development'],
    ['localhost:3000', 'development'],
    ['127.0.0.1:8080', 'development'],
    ['[::1]:3000', 'development'],
    ['app.localhost', 'development'],
    ['sso.dev.example.com', 'development'],
    ['sso-dev.example.com', 'development'],
    ['dev.example.com:8443', 'development'],
    ['SSO.DEV.EXAMPLE.COM', 'development'],
    ['sso.staging.example.com', 'staging'],
    ['sso-test.example.com', 'staging'],
    ['sso.pre.example.com', 'staging'],
    ['uat.example.com', 'staging'],
    ['sso.example.com', 'production'],
    ['example.com:443', 'production'],
  ])('%s → %s', (host, env) => {
    expect(environmentFromHost(host)).toBe(env);
  });
  it.each([
    'devices.example.com',
    'developer.example.com',
    'contest.example.com',
    'precise.example.com',
    'mydev.example.com',
  ])('%s is production (words containing an environment name do not count)', (host) => {
    expect(environmentFromHost(host)).toBe('production');
  });
  it('only ever yields the three known environments', () => {
    expect([...APP_ENVS].sort()).toEqual(['development', 'production', 'staging']);
  });
});
