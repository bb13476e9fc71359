import { parentPort, threadId } from 'node:worker_threads';
import { readCredentials } from './read-credentials.server';

/**
 * The worker thread that reads Content Credentials for `/api/verify` (read-off-thread.server.ts): c2pa-rs in
 * WebAssembly validates synchronously, about a second per 60 MB (ADR 0065), which on the web process's event loop
 * would hold every other request meanwhile. One read at a time, answered by id; `threadId` says where it ran.
 */
parentPort?.on('message', async (message: { id: number; file: string; anchors: string }) => {
  try {
    const result = await readCredentials(message.file, message.anchors);
    parentPort?.postMessage({ id: message.id, threadId, result });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, threadId, error: String(error) });
  }
});
