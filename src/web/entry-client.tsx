/**
 * The app's entry: small on purpose. The browser paints the document first — the sign-in page is drawn into it at
 * build time (ADR 0010) — and only then fetches React, the app and the page's chunks, all at once (the document's
 * list of them, when it has one), and starts the app (app/start-app.tsx).
 *
 * The libraries are run in stages, each in its own task (ADR 0012): running ≈ 170 KB of them in one go is a task
 * of hundreds of milliseconds on a mid-range phone, during which a tap or a keystroke waits.
 */
import './styles.css';
import { linkAppAssets } from '#web/lib/app-assets';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/** A hidden tab paints no frame: the app starts after this long without one. */
const PAINT_WAIT_MS = 100;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

await new Promise<void>((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  setTimeout(resolve, PAINT_WAIT_MS);
});
await linkAppAssets('modulepreload');
await import('#web/app/start-stages/react');
await nextTask();
await import('#web/app/start-stages/libraries');
await nextTask();
await import('#web/app/start-stages/forms');
await nextTask();
const { startApp } = await import('#web/app/start-app');
await startApp(container);
