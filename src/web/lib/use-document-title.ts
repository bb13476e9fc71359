import { useEffect } from 'react';

let prerenderedTitle: string | null = null;

/**
 * Sets document.title while the page is shown. In the prerender (no document) it records the title instead, for
 * the build to write into the page's <title>.
 */
export function useDocumentTitle(title: string): void {
  if (typeof document === 'undefined') prerenderedTitle = title;
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}

/** The title the last prerendered page asked for (and forgets it, so pages never inherit one). */
export function takePrerenderedTitle(): string | null {
  const title = prerenderedTitle;
  prerenderedTitle = null;
  return title;
}
