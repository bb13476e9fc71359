/**
 * A toast for the static public pages (the SPA uses sonner, which needs React): one polite live region at the top,
 * each message dismissed after a few seconds or with its close button.
 */

const VISIBLE_MS = 6000;
let region: HTMLElement | null = null;

function liveRegion(label: string): HTMLElement {
  if (region?.isConnected) return region;
  region = document.createElement('section');
  region.setAttribute('aria-label', label);
  region.setAttribute('aria-live', 'polite');
  region.className =
    'pointer-events-none fixed inset-x-0 top-4 z-50 flex flex-col items-center gap-2 px-4 text-sm';
  document.body.append(region);
  return region;
}

export interface ToastTexts {
  /** Name of the notifications region ('Notificações'). */
  region: string;
  close: string;
}

export function showErrorToast(title: string, description: string | undefined, texts: ToastTexts): void {
  const toast = document.createElement('div');
  toast.setAttribute('role', 'status');
  toast.className =
    'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border border-destructive/30 bg-card p-4 shadow-lg';
  const body = document.createElement('div');
  body.className = 'flex flex-1 flex-col gap-1';
  const heading = document.createElement('p');
  heading.className = 'font-semibold text-destructive';
  heading.textContent = title;
  body.append(heading);
  if (description) {
    const text = document.createElement('p');
    text.className = 'text-muted-foreground';
    text.textContent = description;
    body.append(text);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className =
    'cursor-pointer rounded-md px-2 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring';
  close.setAttribute('aria-label', texts.close);
  close.textContent = '×';
  const dismiss = () => toast.remove();
  close.addEventListener('click', dismiss);
  toast.append(body, close);
  liveRegion(texts.region).append(toast);
  window.setTimeout(dismiss, VISIBLE_MS);
}
