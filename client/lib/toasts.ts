/** Arco's Message, loaded with the first toast (notify.ts): it is not part of the first download. */
import { Message } from '@arco-design/web-react';

export function showToast(kind: 'error' | 'warning' | 'success', content: string, duration: number): void {
  Message[kind]({ content, duration });
}
