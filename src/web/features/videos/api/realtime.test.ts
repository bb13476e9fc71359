import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyVideoRequestEvent } from './realtime';

/**
 * The server's state as a page would read it: each fetch answers what was true when it started, and answers only
 * once `answer()` is called, so a test can hold a fetch in flight while the change happens.
 */
function slowServer(initial: string) {
  let current = initial;
  const pending: (() => void)[] = [];
  return {
    change(next: string) {
      current = next;
    },
    fetch(): Promise<string> {
      const seen = current;
      return new Promise((resolve) => pending.push(() => resolve(seen)));
    },
    answerAll() {
      for (const answer of pending.splice(0)) answer();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A page's query on `key`, answered by `server`, as a mounted component would hold it. */
function watch(key: unknown[], server: ReturnType<typeof slowServer>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new QueryObserver(queryClient, { queryKey: key, queryFn: () => server.fetch() });
  const unsubscribe = observer.subscribe(() => {});
  return {
    queryClient,
    shown: () => observer.getCurrentResult().data,
    close() {
      unsubscribe();
      queryClient.clear();
    },
  };
}

describe('applyVideoRequestEvent', () => {
  it('refetches a list whose first fetch was in flight when the request changed', async () => {
    const server = slowServer('processing');
    // A page just opened on a new version: its versions list is being read for the first time.
    const page = watch(['videos', 'versions', 'edit-1'], server);
    await settle();

    // The render finishes while that read is on its way back.
    server.change('completed');
    applyVideoRequestEvent(page.queryClient, { id: 'edit-1', status: 'completed', op: 'update' });
    await settle();
    server.answerAll();
    await settle();
    server.answerAll();
    await settle();

    expect(page.shown()).toBe('completed');
    page.close();
  });

  it('refetches a list that already shows data', async () => {
    const server = slowServer('pending');
    const page = watch(['videos', 'history', {}], server);
    await settle();
    server.answerAll();
    await settle();
    expect(page.shown()).toBe('pending');

    server.change('completed');
    applyVideoRequestEvent(page.queryClient, { id: 'a', status: 'completed', op: 'update' });
    await settle();
    server.answerAll();
    await settle();

    expect(page.shown()).toBe('completed');
    page.close();
  });
});
