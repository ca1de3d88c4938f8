/**
 * Next's instrumentation hook: start-up checks, daily housekeeping and graceful shutdown, all in
 * lib/server/instrumentation-node.ts. Imported only in the Node.js runtime, so the Edge bundle of
 * this file stays free of Node APIs.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { registerNodeServer } = await import('@/lib/server/instrumentation-node');
    await registerNodeServer();
  }
}
