import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@shared/contract/endpoints';
import { documentCallOf } from './rules';

describe('the UAA call a document counts as', () => {
  it.each([
    ['GET', '/usercenter', ENDPOINTS.userInfo],
    ['GET', '/admin/user', ENDPOINTS.userInfo],
    ['HEAD', '/usercenter', undefined],
    ['GET', '/authentication', ENDPOINTS.internalAuth],
    ['HEAD', '/Authentication/', ENDPOINTS.internalAuth],
    ['GET', '/xlab-authentication', ENDPOINTS.internalAuth],
    ['POST', '/authentication', undefined],
    ['GET', '/login', undefined],
    ['GET', '/other-authentication', undefined],
  ])('%s %s', (method, path, call) => {
    expect(documentCallOf(method, path, 'xlab')).toBe(call);
  });
});
