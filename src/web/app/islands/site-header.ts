/**
 * Island of the public pages' header (markup: public-layout.tsx): the mobile menu (Escape closes it and returns
 * focus to its button), and what depends on the viewer — a signed-in visitor sees 'Painel' and their balance
 * instead of 'Entrar', on the header and wherever a page marks parts `data-viewer-only`.
 */
import { fillTemplate } from '#web/lib/text-template';
import { onViewer, SUBSCRIPTION_CHANGED, type ViewerState } from '#web/lib/viewer';

function attachMobileMenu(header: HTMLElement): void {
  const toggle = header.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = header.querySelector<HTMLElement>('[data-menu]');
  if (!toggle || !menu) return;
  const setOpen = (open: boolean) => {
    menu.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    const label = open ? toggle.dataset.labelClose : toggle.dataset.labelOpen;
    if (label) toggle.setAttribute('aria-label', label);
  };
  // `hidden` may also be 'until-found' (HTML), which is hidden too.
  toggle.addEventListener('click', () => setOpen(menu.hidden !== false));
  document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && !menu.hidden) {
      setOpen(false);
      toggle.focus();
    }
  });
}

/**
 * `getCredits` (src/shared/credits.contract.ts) called without the typed client: the contract would bring zod into
 * a public page's few kilobytes of script (ADR 0004), so the one field read is checked here instead.
 */
async function fetchBalance(): Promise<number | null> {
  try {
    const response = await fetch('/api/credits', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { balance?: unknown };
    return typeof body.balance === 'number' ? body.balance : null;
  } catch {
    return null;
  }
}

function showViewer(state: ViewerState): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-viewer-only]')) {
    element.hidden = element.dataset.viewerOnly !== state;
  }
}

function showBalance(balance: number): void {
  const lang = document.documentElement.lang;
  for (const slot of document.querySelectorAll<HTMLElement>('[data-balance]')) {
    slot.textContent = fillTemplate(
      { one: slot.dataset.one ?? '{count}', other: slot.dataset.other ?? '{count}' },
      balance,
      {},
      lang,
    );
  }
}

/**
 * A signed-in visitor's live updates on the public pages (design §1, the stream the app's balance uses): a payment
 * finished in another tab updates the header's balance, and the pricing island hears the new subscription, so the
 * tab that started a purchase never stays on the old balance and "Assinar". The browser reconnects by itself.
 */
function followRealtime(): void {
  if (typeof EventSource === 'undefined') return;
  const events = new EventSource('/api/events', { withCredentials: true });
  events.addEventListener('credits', (event) => {
    try {
      const { balance } = JSON.parse((event as MessageEvent<string>).data) as { balance?: unknown };
      if (typeof balance === 'number') showBalance(balance);
    } catch {
      // not a balance: nothing to show
    }
  });
  events.addEventListener('subscription', () => window.dispatchEvent(new Event(SUBSCRIPTION_CHANGED)));
  // Signed out meanwhile (401): the browser gives up; a reload shows the signed-out page.
  events.onerror = () => {
    if (events.readyState === EventSource.CLOSED) events.close();
  };
}

export function attachSiteHeader(header: HTMLElement): void {
  attachMobileMenu(header);
  onViewer((state) => {
    if (state === 'signed-out') {
      showViewer(state);
      return;
    }
    // Swap only with the balance in hand, so the header changes once.
    void fetchBalance().then((balance) => {
      if (balance === null) return;
      showBalance(balance);
      showViewer(state);
      followRealtime();
    });
  });
}
