/**
 * Opening a checkout / portal URL in a new tab after an API call without tripping popup blockers: open a blank tab
 * synchronously in the click handler (the user gesture), then point it at the URL once the API answers, or close it
 * on failure. If the browser blocked even that, fall back to navigating this tab.
 */
export interface PendingTab {
  go(url: string): void;
  cancel(): void;
}

export function openPendingTab(): PendingTab {
  let tab: Window | null = null;
  try {
    tab = window.open('', '_blank');
    if (tab) tab.opener = null; // the provider's page must not reach back into ours
  } catch {
    tab = null;
  }
  return {
    go(url) {
      if (tab && !tab.closed) tab.location.href = url;
      else window.location.assign(url);
    },
    cancel() {
      if (tab && !tab.closed) tab.close();
    },
  };
}
