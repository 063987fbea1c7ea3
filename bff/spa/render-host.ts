/**
 * The server renderer's own process (bff/spa/server-render.ts forks it): it loads the build's
 * renderer (its path is the first argument) and renders what the BFF asks over IPC, one page at a
 * time. Apart from the BFF, so that the proxy's event loop never waits for a render and its memory
 * holds no React or Arco; a render that hangs is ended by killing this process.
 */
import { pathToFileURL } from 'node:url';
import {
  MAX_RENDERED_BYTES,
  type RenderReply,
  type RenderRequest,
  type SignedInRenderer,
} from './server-render';

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || !process.send)
    throw new Error('render-host: run by the BFF, with the renderer as its argument');
  const module = (await import(pathToFileURL(file).href)) as {
    createRenderer(): Promise<SignedInRenderer>;
  };
  const renderer = await module.createRenderer();
  process.on('message', async (message: RenderRequest) => {
    let result: RenderReply['result'];
    try {
      result = await renderer.render({ ...message.request, url: new URL(message.request.url) });
      // Larger is no first screen; not sent, so that the BFF never parses it.
      if (result && result.html.length > MAX_RENDERED_BYTES) result = undefined;
    } catch {
      result = undefined;
    }
    process.send?.({ id: message.id, result } satisfies RenderReply);
  });
  // The BFF has gone: so does its renderer.
  process.on('disconnect', () => process.exit(0));
  process.send({ ready: true });
}

main().catch((err: unknown) => {
  console.error('render-host:', err);
  process.exit(1);
});
