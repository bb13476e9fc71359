import { useEffect } from 'react';

/** Sets document.title while the page is shown (client only; the prerendered HTML keeps index.html's title). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
