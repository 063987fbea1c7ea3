import escape from 'escape-html';
import type { OutboxMessage } from '@shared/api/dev-paths';

/** The demo outbox for people: newest first, links clickable. */
export function renderOutbox(messages: OutboxMessage[]): string {
  const rows = [...messages]
    .reverse()
    .map(
      (
        m,
      ) => `<article><h2>${escape(m.subject)}</h2><p class="meta">${escape(m.channel)} → ${escape(m.to)} · ${escape(m.at)}</p>
<pre>${escape(m.text)}</pre>${m.code ? `<p>Code: <strong>${escape(m.code)}</strong></p>` : ''}${
        m.link ? `<p><a href="${escape(m.link)}">${escape(m.link)}</a></p>` : ''
      }</article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev outbox</title></head>
<body><main><h1>Dev outbox (local UAA)</h1>${rows || '<p>No messages yet.</p>'}</main></body></html>`;
}
