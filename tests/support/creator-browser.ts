import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import type { VideoRequestView } from '#shared/video-request';
import type { TestApp } from './app';
import {
  type BrowserApp,
  type SignedInPage,
  signedInWithCredits,
  startBrowserApp,
  stopBrowserApp,
} from './browser';

/**
 * The start-up and sign-in every creator browser test repeats: one app (on a storage folder of its own) and one
 * browser for the file, started before its tests and stopped after them, and a new user with credits signed in
 * (made through the API, its session carried into the browser: signedInWithCredits). Call it inside
 * `describeBrowser`, so a machine without Chromium skips the hooks too.
 */
export interface CreatorBrowser {
  readonly app: TestApp;
  signIn(options: Parameters<typeof signedInWithCredits>[2]): Promise<SignedInPage>;
}

export function creatorBrowser(folderPrefix: string, env: Record<string, string> = {}): CreatorBrowser {
  let running: Partial<BrowserApp> = {};
  beforeAll(async () => {
    running = await startBrowserApp(folderPrefix, env);
  }, 60_000);
  afterAll(() => stopBrowserApp(running));
  const started = (): BrowserApp => {
    if (!running.app || !running.browser) throw new Error('the browser app has not started');
    return running as BrowserApp;
  };
  return {
    get app() {
      return started().app;
    },
    signIn: (options) => signedInWithCredits(started().app, started().browser, options),
  };
}

/** A create as the create page sends it, from the page (its session): the ids of the submit's requests, in order. */
export const createFromPage = (page: Page, fields: Record<string, string>): Promise<string[]> =>
  page.evaluate(async (values) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.append(name, value);
    form.append('clientKey', crypto.randomUUID());
    const response = await fetch('/api/videos', { method: 'POST', body: form, credentials: 'same-origin' });
    if (response.status !== 201) throw new Error(`create answered ${response.status}`);
    return ((await response.json()) as { group: { id: string }[] }).group.map((member) => member.id);
  }, fields);

/** One request as the API shows it to its owner, read by the page. */
export const readRequest = (page: Page, id: string): Promise<VideoRequestView> =>
  page.evaluate(
    async (requestId) =>
      ((await (await fetch(`/api/videos/${requestId}`)).json()) as { request: VideoRequestView }).request,
    id,
  );
