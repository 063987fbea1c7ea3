// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderHookInApp, setUpClientTest, stubClipboard } from '@tests/support/client-app';
import { useCopy } from './use-copy';
import { copyTexts } from './use-copy.locale';

const uaa = setUpClientTest();

describe('useCopy (spec §8 "copy success")', () => {
  it('copies the value and says so, in the page language', async () => {
    const writeText = stubClipboard();
    const { result } = renderHookInApp(useCopy, { lang: 'zh-CN' });
    await result.current('sk-value');
    expect(writeText).toHaveBeenCalledWith('sk-value');
    expect(uaa.notified.success).toHaveBeenCalledWith(copyTexts['zh-CN'].copied);
    expect(uaa.notified.error).not.toHaveBeenCalled();
  });

  it('says the copy failed when the browser refuses it (no permission, no secure context)', async () => {
    stubClipboard(async () => {
      throw new DOMException('Write permission denied.', 'NotAllowedError');
    });
    const { result } = renderHookInApp(useCopy);
    await result.current('sk-value');
    expect(uaa.notified.error).toHaveBeenCalledWith(copyTexts['en-US'].copyFailed);
    expect(uaa.notified.success).not.toHaveBeenCalled();
  });
});
