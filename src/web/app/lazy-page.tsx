import { type ComponentType, lazy, Suspense, useState } from 'react';
import { PageSpinner } from '#web/components/ui/spinner';
import { loadNamespaces, type PageNamespace } from './i18n';

export interface LazyPage {
  (): React.JSX.Element;
  /** Loads the chunk and the page's i18n namespaces; then the page renders synchronously. Safe to call often. */
  preload(): Promise<void>;
  displayName?: string;
}

/**
 * A code-split page that renders synchronously once loaded, so the first render shows no fallback flash: call
 * `preload()` (see `matchPreload`) before rendering. Before it has loaded, it renders through
 * `React.lazy` inside `<Suspense>` with a spinner.
 *
 * `namespaces`: the on-demand i18n namespaces the page (and what it renders) uses; loaded with the chunk.
 */
export function lazyPage(
  loader: () => Promise<{ default: ComponentType }>,
  { namespaces = [] }: { namespaces?: readonly PageNamespace[] } = {},
): LazyPage {
  let Loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;

  const loadChunk = (): Promise<void> => {
    pending ??= loader().then(
      (mod) => {
        Loaded = mod.default;
      },
      (error: unknown) => {
        pending = null; // allow a retry (e.g. a flaky network) on the next navigation
        throw error;
      },
    );
    return pending;
  };
  const preload = (): Promise<void> =>
    Promise.all([loadChunk(), loadNamespaces(namespaces)]).then(() => undefined);

  const Lazy = lazy(async () => {
    await preload();
    return { default: Loaded as ComponentType };
  });

  function Page() {
    // Decide once per mount: switching between the two branches later would remount the page and lose its state.
    const [readyAtMount] = useState(() => Loaded !== null);
    if (readyAtMount && Loaded) return <Loaded />;
    return (
      <Suspense fallback={<PageSpinner />}>
        <Lazy />
      </Suspense>
    );
  }
  Page.preload = preload;
  return Page;
}
