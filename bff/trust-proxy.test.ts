import { createServer } from 'node:http';
import express from 'express';
import proxyAddr from 'proxy-addr';
import { describe, expect, it, vi } from 'vitest';
import { listen, shut } from './testing';
import { MAX_KEPT, trustProxy } from './trust-proxy';

const ADDRESSES = [
  '127.0.0.1',
  '127.9.9.9',
  '::1',
  '::ffff:127.0.0.1',
  '10.0.0.7',
  '192.168.1.1',
  '8.8.8.8',
  'fe80::1',
  'not-an-ip',
  '',
];

describe('trustProxy', () => {
  it.each([[['loopback']], [['10.0.0.0/8', '192.168.1.1']], [['uniquelocal', 'linklocal']], [[]]])(
    'gives proxy-addr verdicts for %j, asked twice',
    (setting) => {
      const trust = trustProxy(setting) as (address: string, hop: number) => boolean;
      const reference = proxyAddr.compile(setting);
      for (let round = 0; round < 2; round += 1) {
        for (const [hop, address] of ADDRESSES.entries())
          expect(trust(address, hop)).toBe(reference(address, hop));
      }
    },
  );

  it('leaves a hop count to Express', () => {
    expect(trustProxy(2)).toBe(2);
  });

  it('asks proxy-addr once per address, keeps at most MAX_KEPT, and never a long one', () => {
    const asked: string[] = [];
    const compile = proxyAddr.compile;
    const spy = vi.spyOn(proxyAddr, 'compile').mockImplementation((setting) => {
      const trusted = compile(setting);
      return (address, hop) => {
        asked.push(address);
        return trusted(address, hop);
      };
    });
    try {
      const trust = trustProxy(['loopback']) as (address: string, hop: number) => boolean;
      const asks = (address: string) => {
        const before = asked.length;
        trust(address, 0);
        return asked.length - before;
      };
      expect([asks('127.0.0.1'), asks('127.0.0.1')]).toEqual([1, 0]);
      const long = `${'1'.repeat(100)}`;
      expect([asks(long), asks(long)]).toEqual([1, 1]);
      // Distinct forwarded addresses up to the bound: the first one is still kept...
      for (let i = 1; i < MAX_KEPT; i += 1) trust(`10.0.${i >> 8}.${i & 255}`, 1);
      expect(asks('127.0.0.1')).toBe(0);
      // ...one more empties the map, so it is asked again.
      trust('10.1.0.0', 1);
      expect(asks('127.0.0.1')).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  describe('in Express', () => {
    it('takes the client address and protocol from a trusted proxy, and only from it', async () => {
      const seen = async (setting: string[], headers: Record<string, string>) => {
        const app = express();
        app.set('trust proxy', trustProxy(setting));
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
      // The test's own address is loopback: trusted, then 10.0.0.2 is not, so it is the client.
      expect(await seen(['loopback'], forwarded)).toEqual({
        ip: '10.0.0.2',
        protocol: 'https',
        hostname: 'uaa.example.org',
      });
      expect(await seen(['loopback', '10.0.0.0/8'], forwarded)).toMatchObject({ ip: '203.0.113.9' });
      // An untrusted peer's forwarding headers count for nothing.
      expect(await seen(['10.0.0.0/8'], forwarded)).toEqual({
        ip: '127.0.0.1',
        protocol: 'http',
        hostname: '127.0.0.1',
      });
    });
  });
});
