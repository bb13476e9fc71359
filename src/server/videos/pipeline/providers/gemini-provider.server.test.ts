import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY,
  contractBreaches,
  type FakeGemini,
  NO_BREACHES,
  OTHER_API_KEY,
  startFakeGemini,
} from '../../../../../tests/support/fake-gemini';
import { ASPECT_RATIOS, VIDEO_QUALITIES } from '../../../../shared/catalogue';
import { MODE_RESOLUTION, providerAspectRatio } from '../../../../shared/video-models';
import { GeminiClient } from './gemini-client.server';
import { GeminiVideoProvider } from './gemini-provider.server';
import type { VideoGenerationInput } from './video-provider.server';

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
