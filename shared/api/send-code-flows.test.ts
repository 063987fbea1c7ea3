import { describe, expect, it } from 'vitest';
import { ENDPOINTS, type EndpointName } from '../contract/endpoints';
import { SEND_CODE_FLOWS } from './send-code-flows';

describe('code-sending flows', () => {
  it('name each call that sends a code exactly once', () => {
    const senders = (Object.keys(ENDPOINTS) as EndpointName[]).filter(
      (name) => 'sendsCode' in ENDPOINTS[name],
    );
    const flows = Object.values(SEND_CODE_FLOWS).map((flow) => flow.endpoint);
    expect([...flows].sort()).toEqual([...senders].sort());
  });

  it('ask for the captcha where spec §7 sends its header fields: the login code only', () => {
    const withCaptcha = Object.entries(SEND_CODE_FLOWS).filter(([, flow]) => flow.captcha);
    expect(withCaptcha.map(([name]) => name)).toEqual(['login']);
  });
});
