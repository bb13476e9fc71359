import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '#server/config.server';
import type { Logger } from '#server/logger.server';
import {
  API_KEY,
  FAKE_STRUCTURED_PROMPT,
  type FakeGemini,
  startFakeGemini,
} from '#tests/support/fake-gemini';
import { createPromptWriter } from './prompt-writer.server';

let gemini: FakeGemini;

beforeAll(async () => {
  gemini = await startFakeGemini({ tiny: true });
});

afterAll(async () => {
  await gemini?.stop();
});

function writer(env: Record<string, string> = {}) {
  const logger = { warn: vi.fn(), error: vi.fn(), info: vi.fn() };
  const config = loadConfig({
    VIDEO_PROVIDER: 'gemini',
    GEMINI_API_KEY: API_KEY,
    GEMINI_API_BASE: gemini.base,
    ...env,
  });
  return { write: createPromptWriter(config, logger as unknown as Logger, { timeoutMs: 500 }), logger };
}

describe('the structured prompt from the Gemini text model', () => {
  it('generateContent with a JSON schema writes every field; the prompt says which model built it', async () => {
    const { write } = writer();
    const prompt = await write('Um faroleiro sobe a escada do farol durante a tempestade');
    expect(prompt).toEqual({ ...FAKE_STRUCTURED_PROMPT, builtBy: 'gemini-3.8-flash' });
    expect(gemini.textPrompts.at(-1)).toContain('Um faroleiro sobe a escada do farol');
    expect(gemini.refusals).toEqual([]);
  });

  it.each([
    ['an answer that is not JSON', 'Um barco no lago ao amanhecer [badjson]', {}],
    ['a timeout', 'Um barco no lago ao amanhecer [slowtext]', {}],
    [
      'a text model Google does not serve',
      'Um barco no lago ao amanhecer',
      { PROMPT_MODEL: 'gemini-0.1-flash' },
    ],
  ])('%s: the rules write it, with a warning, never a refusal', async (_name, text, env) => {
    const { write, logger } = writer(env);
    const prompt = await write(text);
    expect(prompt.builtBy).toBe('rules');
    expect(prompt.subject).toContain('Um barco no lago');
    expect(logger.warn).toHaveBeenCalledWith(
      expect.objectContaining({ variable: 'PROMPT_MODEL' }),
      expect.stringContaining('rule-based builder'),
    );
  });

  it('without a key the rules write it and nothing is called', async () => {
    const calls = gemini.requests.length;
    const write = createPromptWriter(loadConfig({}), { warn: vi.fn() } as unknown as Logger);
    expect((await write('Um barco no lago ao amanhecer')).builtBy).toBe('rules');
    expect(gemini.requests.length).toBe(calls);
  });
});
