import { describe, expect, it } from 'vitest';
import { buildStructuredPrompt, detectLanguage, structuredPromptText } from './structured-prompt.server';

describe('buildStructuredPrompt', () => {
  it('reads a Portuguese prompt', () => {
    const prompt =
      'Um cachorro correndo na praia ao pôr do sol, vista aérea de drone, estilo cinematográfico, sem pessoas';
    const structured = buildStructuredPrompt(prompt);
    expect(structured).toEqual({
      subject: 'Um cachorro correndo na praia ao pôr do sol',
      action: 'Um cachorro correndo na praia ao pôr do sol',
      scene: 'praia à beira-mar',
      camera: 'vista aérea de drone, movimento lento',
      lighting: 'luz dourada de fim de tarde',
      style: 'cinematográfico',
      audio: 'som ambiente natural coerente com a cena',
      negative: expect.stringContaining('marcas d’água'),
      builtBy: 'rules',
    });
    expect(structured.negative.endsWith(', pessoas')).toBe(true);
  });

  it('reads an English prompt and writes English descriptors', () => {
    const structured = buildStructuredPrompt(
      'A robot in a neon city at night. It is dancing to music, close-up, anime',
    );
    expect(detectLanguage('A robot in a neon city at night')).toBe('en');
    expect(structured.subject).toBe('A robot in a neon city at night');
    expect(structured.action).toBe('It is dancing to music');
    expect(structured.scene).toBe('city street');
    expect(structured.camera).toBe('close-up with shallow focus');
    expect(structured.lighting).toBe('colourful neon lights');
    expect(structured.style).toBe('anime-style animation');
    expect(structured.audio).toBe('background music and ambient sound');
  });

  it('falls back to neutral values and keeps quoted speech as dialogue', () => {
    const structured = buildStructuredPrompt('Uma senhora diz "bom dia, Brasil" para a câmera');
    expect(structured.scene).toBe('cenário coerente com o tema');
    expect(structured.camera).toBe('plano médio com movimento de câmera suave');
    expect(structured.lighting).toBe('luz natural suave');
    expect(structured.style).toBe('cinematográfico realista');
    expect(structured.audio).toBe('fala: "bom dia, Brasil"');
    expect(structured.action).toMatch(/movimento natural/);
  });

  it('is deterministic, bounded, and matches accents and case loosely', () => {
    const long = `Um gato ${'muito '.repeat(100)}fofo`;
    expect(buildStructuredPrompt(long)).toEqual(buildStructuredPrompt(long));
    expect(buildStructuredPrompt(long).subject.length).toBeLessThanOrEqual(160);
    expect(buildStructuredPrompt('ESTÚDIO com luz, um homem falando').lighting).toBe(
      'iluminação de estúdio de três pontos',
    );
    expect(buildStructuredPrompt('estudio com luz, um homem falando').scene).toBe('estúdio');
  });

  it('serialises for a provider with the user text first', () => {
    const prompt = 'Um barco navegando no mar';
    const text = structuredPromptText(prompt, buildStructuredPrompt(prompt));
    expect(text.split('\n')[0]).toBe(prompt);
    expect(text).toContain('Scene: praia à beira-mar');
  });
});
