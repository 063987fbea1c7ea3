/** Toasts through Arco's Message; one place, so tests and the client share the wording. */
import { Message } from '@arco-design/web-react';

export const notify = {
  error: (content: string) => Message.error({ content, duration: 4000 }),
  warning: (content: string) => Message.warning({ content, duration: 4000 }),
  success: (content: string) => Message.success({ content, duration: 3000 }),
};
