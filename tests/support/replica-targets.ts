/**
 * Code sends to distinct targets from two replicas that share one rate-limit store: the abuse
 * shield's case (a per-address cap on distinct phones), run against Redis alone
 * (bff/rate-limit/redis.test.ts) and against a Redis Cluster (redis-cluster.test.ts).
 */
import request from 'supertest';
import type { TestBff } from './bff-harness';

const FORGET = '/gw/uaa-be/api/v1/user/management/password/forget';

/** The rule under test: at most two distinct phones a code is sent to, per address. */
export const TARGETS_PER_IP = {
  name: 'targets-per-ip',
  match: [FORGET],
  key: 'ip',
  distinct: true,
  limit: 2,
  windowS: 60,
  failMode: 'closed',
} as const;

/**
 * The statuses of four password-reset code sends, the replicas taking turns: three distinct
 * phones, then the first one again, which a cap of two distinct targets admits.
 */
export async function forgetsAcrossReplicas(a: TestBff, b: TestBff): Promise<number[]> {
  const statuses = [];
  for (const [bff, item] of [
    [a, '13922220001'],
    [b, '13922220002'],
    [a, '13922220003'],
    [b, '13922220001'],
  ] as const)
    statuses.push(
      (await request(bff.url).post(FORGET).set('X-CSRF', '1').send({ type: 'phone', item })).status,
    );
  return statuses;
}
