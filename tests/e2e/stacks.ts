/** How many stacks the browser tests start, and on which ports (one per Playwright worker). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 18080);
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);

export function stackPort(slot: number): number {
  return E2E_PORT + slot;
}
