import { createServer } from 'node:http';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config';
import { listen, shut } from '@tests/support/http';

/** TRUST_PROXY as parseConfig reads it, given to Express's own `trust proxy` setting as app.ts does. */
function trustProxySetting(value: string): number | string[] {
  const parsed = parseConfig({ TRUST_PROXY: value });
  if (!parsed.ok) throw new Error(parsed.errors.join('; '));
  return parsed.config.trustProxy;
}

describe('TRUST_PROXY in Express', () => {
  const seen = async (setting: number | string[], headers: Record<string, string>) => {
    const app = express();
    app.set('trust proxy', setting);
    app.get('/', (req, res) => res.json({ ip: req.ip, protocol: req.protocol, hostname: req.hostname }));
    const server = createServer(app);
    try {
      const base = await listen(server);
      return (await (await fetch(base, { headers })).json()) as Record<string, string>;
    } finally {
      await shut(server);
    }
  };
  const forwarded = {
    'X-Forwarded-For': '203.0.113.9, 10.0.0.2',
    'X-Forwarded-Proto': 'https',
    'X-Forwarded-Host': 'uaa.example.org',
  };

  it('takes the client address and protocol from a trusted proxy, and only from it', async () => {
    // The test's own address is loopback: trusted, then 10.0.0.2 is not, so it is the client.
    expect(await seen(trustProxySetting('loopback'), forwarded)).toEqual({
      ip: '10.0.0.2',
      protocol: 'https',
      hostname: 'uaa.example.org',
    });
    expect(await seen(trustProxySetting('loopback, 10.0.0.0/8'), forwarded)).toMatchObject({
      ip: '203.0.113.9',
    });
    // An untrusted peer's forwarding headers count for nothing.
    expect(await seen(trustProxySetting('10.0.0.0/8'), forwarded)).toEqual({
      ip: '127.0.0.1',
      protocol: 'http',
      hostname: '127.0.0.1',
    });
  });

  it('trusts a hop count of proxies', async () => {
    expect(await seen(trustProxySetting('2'), forwarded)).toMatchObject({
      ip: '203.0.113.9',
      protocol: 'https',
    });
    expect(await seen(trustProxySetting('1'), forwarded)).toMatchObject({ ip: '10.0.0.2' });
  });
});
