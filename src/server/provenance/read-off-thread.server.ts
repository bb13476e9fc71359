import { Worker } from 'node:worker_threads';
import type { VerifyResult } from '#shared/provenance';

/**
 * Content Credentials read on a worker thread (node:worker_threads), so a large upload's validation at
 * `/api/verify` does not stop the web process answering everything else (ADR 0065, "Cost and memory"). One thread
 * per process, started at the first read and kept (the WebAssembly module loads once in it, 50–180 ms), unref'd so
 * it never holds a stopping process open; reads queue on it in order.
 */

interface Answer {
  id: number;
  threadId: number;
  result?: VerifyResult;
  error?: string;
}

type Pending = { resolve: (answer: Answer) => void; reject: (error: Error) => void };

const WORKER_FILE = new URL('./read-credentials.worker.server.ts', import.meta.url);

/**
 * The thread's first lines: tsx's API loads the TypeScript entry with tsx's loader scoped to it, whether or not the
 * process itself runs under tsx (`npm start` does; a test runner does not).
 */
const BOOT = `import('tsx/esm/api').then(({ tsImport }) => {
  const { workerData } = require('node:worker_threads');
  return tsImport(workerData.entry, workerData.entry);
})`;

export interface OffThreadReader {
  /** The file's credentials, and the thread that read them. */
  read(file: string, anchors: string): Promise<{ result: VerifyResult; threadId: number }>;
}

export function offThreadReader(): OffThreadReader {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending>();

  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    worker = undefined;
  };

  const started = (): Worker => {
    if (worker) return worker;
    const thread = new Worker(BOOT, { eval: true, workerData: { entry: WORKER_FILE.href } });
    thread.unref();
    thread.on('message', (answer: Answer) => {
      pending.get(answer.id)?.resolve(answer);
      pending.delete(answer.id);
    });
    thread.on('error', failAll);
    thread.on('exit', (code) => failAll(new Error(`the Content Credentials thread exited (${code})`)));
    worker = thread;
    return thread;
  };

  return {
    async read(file, anchors) {
      const id = nextId++;
      const answer = await new Promise<Answer>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        started().postMessage({ id, file, anchors });
      });
      if (!answer.result) throw new Error(answer.error ?? 'the Content Credentials thread gave no answer');
      return { result: answer.result, threadId: answer.threadId };
    },
  };
}
