/**
 * The render host (./server-render.ts forks it): it loads the build's renderer, its first argument,
 * and answers each page the BFF asks for over IPC by its id. Renders share nothing
 * (client/entry-server.tsx), so they run side by side; a hung one is ended by killing this process.
 */
import { pathToFileURL } from 'node:url';
import type { RenderRequest, SignedInRenderer } from './server-render';

const { createRenderer } = (await import(pathToFileURL(process.argv[2] as string).href)) as {
  createRenderer(): Promise<SignedInRenderer>;
};
const renderer = await createRenderer();
process.on('message', async ({ id, request }: RenderRequest) => {
  const result = await renderer.render({ ...request, url: new URL(request.url) }).catch(() => undefined);
  process.send?.({ id, result });
});
// The BFF has gone: so does its renderer.
process.on('disconnect', () => process.exit(0));
process.send?.({ ready: true });
