import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { providerPrompt } from '#server/generation/job/submission.server';
import { RULES_WRITER } from '#server/generation/prompt-writer.server';
import { probe } from '#server/media/rendering.server';
import type { VideoGenerationInput } from '#server/video-providers/video-provider.server';
import { ASPECT_RATIOS, MODE_RESOLUTION, VIDEO_QUALITIES } from '#shared/catalogue';
import { videoModelPromptText } from '#shared/prompt-preview';
import { providerAspectRatio } from '#shared/video-models';
import {
  API_KEY,
  contractBreaches,
  type FakeGemini,
  NO_BREACHES,
  OTHER_API_KEY,
  startFakeGemini,
} from '#tests/support/fake-gemini';
import { mediaTools } from '#tests/support/media';
import { GeminiClient } from './gemini-client.server';
import { GeminiVideoProvider } from './gemini-provider.server';

let gemini: FakeGemini;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  gemini = await startFakeGemini({ tiny: true });
  gemini.pollsUntilDone = 1;
});

afterEach(() => {
  expect(contractBreaches(gemini)).toEqual(NO_BREACHES);
});

afterAll(async () => {
  await gemini?.stop();
});

function client(apiKey = API_KEY) {
  return new GeminiClient({
    apiKey,
    apiBase: gemini.base,
    retry: { attempts: 3, initialDelayMs: 5, maxDelayMs: 20 },
  });
}

function input(overrides: Partial<VideoGenerationInput>): VideoGenerationInput {
  return {
    requestId: 'r',
    prompt: 'Um farol na tempestade',
    userPrompt: 'Um farol na tempestade',
    negativePrompt: undefined,
    quality: 'fast',
    resolution: '720p',
    clipSeconds: 8,
    aspectRatio: '16:9',
    seed: null,
    image: undefined,
    ...overrides,
  };
}

async function bytesOf(stream: AsyncIterable<unknown>): Promise<number> {
  let total = 0;
  for await (const chunk of stream) total += (chunk as Buffer).length;
  return total;
}

describe('every mode × ratio, with and without an image, on the Interactions API', () => {
  const cases = VIDEO_QUALITIES.flatMap((quality) =>
    ASPECT_RATIOS.flatMap((ratio) => [false, true].map((withImage) => ({ quality, ratio, withImage }))),
  );
  it.each(cases)('$quality $ratio image=$withImage', async ({ quality, ratio, withImage }) => {
    const provider = new GeminiVideoProvider(client(), {
      fast: 'gemini-omni-1.1-flash',
      quality: 'gemini-omni-1.2-flash',
    });
    const aspectRatio = providerAspectRatio(ratio);
    const { operationName } = await provider.submit(
      input({
        quality,
        resolution: MODE_RESOLUTION[quality],
        aspectRatio,
        image: withImage ? { bytes: PNG, mimeType: 'image/png' } : undefined,
        negativePrompt: 'texto',
      }),
    );
    const body = gemini.submitBodies.at(-1) as Record<string, unknown>;
    expect(body.response_format).toEqual({
      type: 'video',
      aspect_ratio: aspectRatio,
      resolution: MODE_RESOLUTION[quality],
      duration: '8s',
      delivery: 'uri',
    });
    // Omni has no negative prompt field: the negatives are written into the prompt.
    const text = 'Um farol na tempestade\n\nDo not include: texto';
    expect(body.input).toEqual(
      withImage
        ? [
            { type: 'image', data: PNG.toString('base64'), mime_type: 'image/png' },
            { type: 'text', text },
          ]
        : text,
    );
    const result = await provider.poll(operationName);
    if (!result.done || !('video' in result) || !('uri' in result.video))
      throw new Error(JSON.stringify(result));
    expect(await bytesOf(await provider.download(result.video.uri))).toBeGreaterThan(1000);
  });
});

describe('the structured prompt the create page previews', () => {
  it('is exactly the text Omni receives', async () => {
    const prompt =
      'Uma senhora vendendo tapioca numa feira em Olinda, câmera na mão se aproximando devagar, luz da manhã';
    // What 'Ver prompt estruturado' answers without a text model, sent back as the user's.
    const { builtBy: _rules, ...preview } = await RULES_WRITER(prompt);
    const shown = videoModelPromptText(prompt, preview);
    const provider = new GeminiVideoProvider(client(), {
      fast: 'gemini-omni-1.1-flash',
      quality: 'gemini-omni-1.1-flash',
    });
    const sent = providerPrompt({ prompt, structuredPrompt: { ...preview, builtBy: 'user' } });
    await provider.submit(
      input({ prompt: sent.prompt, userPrompt: prompt, negativePrompt: sent.negativePrompt }),
    );
    expect((gemini.submitBodies.at(-1) as { input: unknown }).input).toBe(shown);
    expect(shown).toContain('Camera: câmera na mão se aproximando devagar');
  });
});

describe('the key stays on the API origin', () => {
  it('a redirect to another origin is followed without the key; a video URI on a foreign origin gets no key', async () => {
    const seen: (string | undefined)[] = [];
    const foreign = createServer((request, response) => {
      seen.push(request.headers['x-goog-api-key'] as string | undefined);
      response.writeHead(200, { 'content-type': 'video/mp4' }).end(Buffer.alloc(2000));
    });
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}/video.mp4`;
      expect(await bytesOf(await client().download(url))).toBe(2000);
      expect(seen).toEqual([undefined]);
    } finally {
      foreign.close();
    }
  });

  it('a video URI over plain http to a non-loopback host is refused', async () => {
    await expect(client().download('http://storage.example.com/video.mp4')).rejects.toThrow(
      /refusing to download/,
    );
  });
});

describe('previous_interaction_id (what edits build on)', () => {
  it('continues a stored interaction of the same key only', async () => {
    const sdk = client().sdk;
    const options = client().sdkRequestOptions;
    const format = { type: 'video' as const, aspect_ratio: '16:9', resolution: '720p' };
    const stored = await sdk.interactions.create(
      {
        model: 'gemini-omni-1.1-flash',
        input: 'Um violinista ao ar livre',
        response_format: format,
        store: true,
      },
      options,
    );
    const edit = await sdk.interactions.create(
      {
        model: 'gemini-omni-1.1-flash',
        input: 'Deixe o violino invisível',
        previous_interaction_id: stored.id,
        response_format: format,
      },
      options,
    );
    expect(edit.status).toBe('completed');

    const unstored = await sdk.interactions.create(
      {
        model: 'gemini-omni-1.1-flash',
        input: 'Um violinista ao ar livre',
        response_format: format,
        store: false,
      },
      options,
    );
    for (const [key, id] of [
      [API_KEY, unstored.id],
      [OTHER_API_KEY, stored.id],
    ] as const) {
      await expect(
        client(key).sdk.interactions.create(
          {
            model: 'gemini-omni-1.1-flash',
            input: 'Mais uma edição',
            previous_interaction_id: id,
            response_format: format,
          },
          options,
        ),
      ).rejects.toMatchObject({ statusCode: 404 });
    }
  });
});

describe('extend and edit continue the stored interaction ([OMNI-EXTEND], [OMNI-EDIT])', () => {
  const tools = mediaTools(30_000);
  const provider = () =>
    new GeminiVideoProvider(client(), { fast: 'gemini-omni-1.1-flash', quality: 'gemini-omni-1.2-flash' });

  async function generate(operationName: string): Promise<number> {
    const result = await provider().poll(operationName);
    if (!result.done || !('video' in result) || !('uri' in result.video))
      throw new Error(JSON.stringify(result));
    const file = path.join(os.tmpdir(), `omni-${randomUUID()}.mp4`);
    await pipeline(await provider().download(result.video.uri), createWriteStream(file));
    try {
      return (await probe(file, await tools)).deliveredSeconds;
    } finally {
      await rm(file, { force: true });
    }
  }

  async function original(): Promise<string> {
    const { operationName } = await provider().submit(input({ userPrompt: 'Um barco no mar' }));
    expect(await generate(operationName)).toBeCloseTo(8, 0);
    return operationName;
  }

  const derived = (kind: 'extend' | 'edit', sourceOperationName: string, sourceDeliveredSeconds = 8) =>
    input({
      prompt: '{"subject":"não é enviado"}',
      userPrompt: kind === 'extend' ? 'O barco chega ao porto' : 'troque o dia pela noite',
      derivation: { kind, sourceOperationName, sourceDeliveredSeconds },
    });

  it('an extension sends previous_interaction_id, task extend and the new part length, and gets the tail and the new part', async () => {
    const source = await original();
    const { operationName } = await provider().submit(derived('extend', source));
    expect(gemini.submitBodies.at(-1)).toEqual({
      model: 'gemini-omni-1.1-flash',
      previous_interaction_id: source.slice('interactions/'.length),
      input: 'O barco chega ao porto',
      response_format: {
        type: 'video',
        resolution: '720p',
        aspect_ratio: '16:9',
        duration: '8s',
        delivery: 'uri',
      },
      generation_config: { video_config: { task: 'extend' } },
      background: true,
      store: true,
    });
    // The 8 s source is within the 30 s tail the answer carries: the answer is the whole 16 s scene.
    expect(await generate(operationName)).toBeCloseTo(16, 0);
  });

  it('an edit sends task edit without duration or ratio, and gets the whole edited video', async () => {
    const source = await original();
    const { operationName } = await provider().submit(derived('edit', source));
    const body = gemini.submitBodies.at(-1) as Record<string, unknown>;
    expect(body).toMatchObject({
      previous_interaction_id: source.slice('interactions/'.length),
      input: 'troque o dia pela noite',
      generation_config: { video_config: { task: 'edit' } },
    });
    expect(body.response_format).toEqual({ type: 'video', resolution: '720p', delivery: 'uri' });
    expect(await generate(operationName)).toBeCloseTo(8, 0);
  });

  it('a chain stops at the documented 40 s; the 41st second is refused by the API', async () => {
    let source = await original();
    for (let total = 16; total <= 40; total += 8) {
      source = (await provider().submit(derived('extend', source, total - 8))).operationName;
      await generate(source);
    }
    await expect(provider().submit(derived('extend', source, 40))).rejects.toMatchObject({ status: 400 });
    expect(gemini.refusals.map((refusal) => refusal.message)).toEqual([
      'An extended video can be at most 40s long.',
    ]);
    gemini.refusals.length = 0;
  }, 120_000);

  it('refuses an unknown, foreign, expired or unfinished interaction, a non-Omni source and a task without a video', async () => {
    const source = await original();
    const foreign = new GeminiVideoProvider(client(OTHER_API_KEY), {
      fast: 'gemini-omni-1.1-flash',
      quality: 'gemini-omni-1.1-flash',
    });
    await expect(foreign.submit(derived('edit', source))).rejects.toMatchObject({ status: 404 });
    await expect(provider().submit(derived('extend', 'interactions/v1_unknown'))).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      provider().submit(derived('extend', 'local/8c1a4a4e-0000-4000-8000-000000000000')),
    ).rejects.toThrow(/not a stored Omni interaction/);
    const { operationName: running } = await provider().submit(input({ userPrompt: 'Ainda renderizando' }));
    await expect(provider().submit(derived('edit', running))).rejects.toMatchObject({ status: 400 });
    gemini.age(source.slice('interactions/'.length), 56 * 24 * 3_600_000);
    await expect(provider().submit(derived('extend', source))).rejects.toMatchObject({ status: 404 });
    await expect(
      client().sdk.interactions.create(
        {
          model: 'gemini-omni-1.1-flash',
          input: 'Continue',
          generation_config: { video_config: { task: 'extend' } },
        },
        client().sdkRequestOptions,
      ),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(gemini.refusals).toHaveLength(2);
    gemini.refusals.length = 0;
  });

  it('a first frame, a last frame and reference images go in the documented order with their tags', async () => {
    const image = { bytes: PNG, mimeType: 'image/png' };
    const data = PNG.toString('base64');
    const part = { type: 'image', data, mime_type: 'image/png' };
    await provider().submit(
      input({ image, lastFrame: image, referenceImages: [image, image], userPrompt: 'Um gato' }),
    );
    expect((gemini.submitBodies.at(-1) as Record<string, unknown>).input).toEqual([
      { type: 'text', text: '<FIRST_FRAME>' },
      part,
      { type: 'text', text: '<LAST_FRAME>' },
      part,
      { type: 'text', text: '<IMAGE_REF_1>' },
      part,
      { type: 'text', text: '<IMAGE_REF_2>' },
      part,
      { type: 'text', text: 'Um farol na tempestade' },
    ]);
  });

  it('a new shot continuing a film sends its first frame tagged, as a new video; the stand-in refuses bad tags', async () => {
    const image = { bytes: PNG, mimeType: 'image/png' };
    await provider().submit(input({ image, continuesShot: true }));
    const body = gemini.submitBodies.at(-1) as Record<string, unknown>;
    expect(body.input).toEqual([
      { type: 'text', text: '<FIRST_FRAME>' },
      { type: 'image', data: PNG.toString('base64'), mime_type: 'image/png' },
      { type: 'text', text: 'Um farol na tempestade' },
    ]);
    expect(body).not.toHaveProperty('previous_interaction_id');
    const create = (input: unknown[]) =>
      client().sdk.interactions.create(
        { model: 'gemini-omni-1.1-flash', input, background: true } as never,
        client().sdkRequestOptions,
      );
    const picture = { type: 'image', data: PNG.toString('base64'), mime_type: 'image/png' };
    await expect(
      create([{ type: 'text', text: '<START_FRAME>' }, picture, { type: 'text', text: 'Um gato' }]),
    ).rejects.toMatchObject({ statusCode: 400 });
    await expect(
      create([
        { type: 'text', text: '<FIRST_FRAME>' },
        { type: 'text', text: 'Um gato' },
      ]),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(gemini.refusals.map((refusal) => refusal.message)).toEqual([
      'Unknown image tag <START_FRAME>',
      '<FIRST_FRAME> must be followed by an image part',
    ]);
    gemini.refusals.length = 0;
  });
});
