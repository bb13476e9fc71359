import { expect } from 'vitest';
import { type DiskApp, startDiskApp, stopDiskApp } from './app';
import {
  API_KEY,
  contractBreaches,
  type FakeGemini,
  type FakeGeminiOptions,
  NO_BREACHES,
  startFakeGemini,
} from './fake-gemini';

/** The real server on disk (startDiskApp) talking to the Gemini API stand-in. */
export interface GeminiApp extends DiskApp {
  gemini: FakeGemini;
}

/**
 * Starts the stand-in, then the app with its key and address; `env` adds to or overrides them (e.g.
 * VIDEO_PROVIDER=gemini; without it the key serves the text models only).
 */
export async function startGeminiApp(
  folderPrefix: string,
  env: Record<string, string> = {},
  fake: FakeGeminiOptions = {},
): Promise<GeminiApp> {
  const gemini = await startFakeGemini(fake);
  try {
    const disk = await startDiskApp(folderPrefix, {
      GEMINI_API_KEY: API_KEY,
      GEMINI_API_BASE: gemini.base,
      ...env,
    });
    return { ...disk, gemini };
  } catch (error) {
    await gemini.stop();
    throw error;
  }
}

/**
 * Stops what startGeminiApp started, as far as it got, after checking the whole run sent Google nothing its
 * documentation refuses (a leaked or misplaced key, a refused request): stopped even when that check fails. A file
 * that sends refused requests on purpose (to test the stand-in itself) checks its cases on their own instead.
 */
export async function stopGeminiApp(
  running: Partial<GeminiApp>,
  options: { checkBreaches: boolean } = { checkBreaches: true },
): Promise<void> {
  try {
    if (running.gemini && options.checkBreaches)
      expect(contractBreaches(running.gemini)).toEqual(NO_BREACHES);
  } finally {
    await stopDiskApp(running);
    await running.gemini?.stop();
  }
}
