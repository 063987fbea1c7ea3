/**
 * The render host, which ./server-render.ts forks: it loads the app's renderer (its first
 * argument) and answers each page by its id. Renders share nothing, so they run side by side.
 */
import { pathToFileURL } from 'node:url';
import type { AppRenderer } from '@shared/documents';
import type { RenderRequest } from './server-render';

const { createRenderer } = (await import(
  /* webpackIgnore: true */ pathToFileURL(process.argv[2] as string).href
)) as {
  createRenderer(): Promise<AppRenderer>;
};
const renderer = await createRenderer();
process.on('message', async ({ id, request }: RenderRequest) => {
  // A render that threw says so (the BFF counts it), never why: its message may hold the user's data.
  const reply = await renderer.render({ ...request, url: new URL(request.url) }).then(
    (html) => ({ id, html }),
    () => ({ id, failed: true }),
  );
  process.send?.(reply);
});
// The BFF has gone: so does its render host.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
