import { describe, expect, it } from 'vitest';
import { LEFT_TO_THE_MODEL, structuredPromptText, videoModelPromptText } from '#shared/prompt-preview';
import { buildStructuredPrompt, detectLanguage } from './structured-prompt.server';

const MODEL = LEFT_TO_THE_MODEL.pt;

/** Every field the rules wrote from the user's text, not counting what is left to the model or Cena's negatives. */
function userParts(prompt: string): string[] {
  const { builtBy: _builtBy, negative: _negative, ...fields } = buildStructuredPrompt(prompt);
  return Object.values(fields).filter((value) => value !== MODEL && value !== LEFT_TO_THE_MODEL.en);
}

describe('buildStructuredPrompt splits the user’s own words into the fields, never paraphrasing', () => {
  it('keeps a handheld camera clause verbatim and never repeats the subject in the action', () => {
    const structured = buildStructuredPrompt(
      'Uma senhora vendendo tapioca numa feira em Olinda, câmera na mão se aproximando devagar, luz da manhã, som de conversa e forró ao fundo',
    );
    expect(structured).toEqual({
      subject: 'Uma senhora',
      action: 'vendendo tapioca numa feira em Olinda',
      scene: MODEL,
      camera: 'câmera na mão se aproximando devagar',
      lighting: 'luz da manhã',
      style: MODEL,
      audio: 'som de conversa e forró ao fundo',
      negative: 'texto na tela, legendas, marcas d’água, rostos deformados, distorções, baixa qualidade',
      builtBy: 'rules',
    });
  });

  it('reads a drone shot, a style and an exclusion from their own clauses', () => {
    const structured = buildStructuredPrompt(
      'Um cachorro correndo na praia ao pôr do sol, vista aérea de drone, estilo cinematográfico, sem pessoas',
    );
    expect(structured).toMatchObject({
      subject: 'Um cachorro',
      action: 'correndo na praia ao pôr do sol',
      camera: 'vista aérea de drone',
      style: 'estilo cinematográfico',
      scene: MODEL,
      lighting: MODEL,
      audio: MODEL,
    });
    expect(structured.negative.endsWith(', pessoas')).toBe(true);
  });

  it('sorts sentences as well as commas, and a gerund clause with no framing word is the action', () => {
    expect(
      buildStructuredPrompt(
        'Close-up de uma xícara de café fumegante numa mesa de madeira. Vapor subindo devagar. Luz quente da janela',
      ),
    ).toMatchObject({
      subject: 'Close-up de uma xícara de café fumegante numa mesa de madeira',
      action: 'Vapor subindo devagar',
      lighting: 'Luz quente da janela',
      camera: MODEL,
    });
  });

  it('keeps a subject without a gerund whole, and leaves the action to the model instead of inventing one', () => {
    expect(buildStructuredPrompt('Um barco de pesca ao amanhecer em um lago calmo, neblina')).toMatchObject({
      subject: 'Um barco de pesca ao amanhecer em um lago calmo',
      action: MODEL,
      lighting: 'neblina',
    });
  });

  it('keeps quoted dialogue whole, commas included', () => {
    expect(
      buildStructuredPrompt('Uma senhora diz "bom dia, Brasil" para a câmera, som de rua ao fundo'),
    ).toMatchObject({
      subject: 'Uma senhora diz "bom dia, Brasil" para a câmera',
      audio: 'som de rua ao fundo',
    });
  });

  it('does not read Portuguese "no" (in the) as an exclusion, nor repeat one Cena already lists', () => {
    const structured = buildStructuredPrompt(
      'Criança empinando pipa no morro, no fim da tarde, sem texto na tela',
    );
    expect(structured.subject).toBe('Criança');
    expect(structured.action).toBe('empinando pipa no morro');
    expect(structured.scene).toBe('no fim da tarde');
    expect(structured.negative).toBe(
      'texto na tela, legendas, marcas d’água, rostos deformados, distorções, baixa qualidade',
    );
  });

  it.each([
    'Um faroleiro subindo a escada em caracol durante a tempestade, relâmpagos iluminando o mar, câmera lenta',
    'Vendedor de açaí pedalando pela orla de Copacabana, travelling lateral, música de samba, sem logotipos',
    'Dois amigos jogando futevôlei. Plano aberto. Hora dourada. Estilo documentário',
  ])('every word it shows is the user’s, each clause once: %s', (prompt) => {
    const parts = userParts(prompt);
    for (const part of parts) expect(prompt).toContain(part);
    const subject = buildStructuredPrompt(prompt).subject;
    expect(buildStructuredPrompt(prompt).action).not.toContain(subject);
    expect(new Set(parts).size).toBe(parts.length);
  });

  it('splits an English prompt the same way, in its language', () => {
    const structured = buildStructuredPrompt(
      'A robot in a neon city at night. It is dancing to music, close-up, anime',
    );
    expect(detectLanguage('A robot in a neon city at night')).toBe('en');
    expect(structured).toMatchObject({
      subject: 'A robot in a neon city at night',
      action: 'It is dancing to music',
      camera: 'close-up',
      style: 'anime',
      scene: LEFT_TO_THE_MODEL.en,
    });
  });

  it('is deterministic and keeps each field within the form’s limit', () => {
    const long = `Um gato ${'muito '.repeat(200)}fofo`;
    expect(buildStructuredPrompt(long)).toEqual(buildStructuredPrompt(long));
    expect(buildStructuredPrompt(long).subject.length).toBeLessThanOrEqual(600);
  });
});

describe('the text the video model receives', () => {
  it('is the user’s words first, then the described fields as prose; a field left to the model is not sent', () => {
    const prompt = 'Um barco navegando no mar, câmera na mão';
    const structured = buildStructuredPrompt(prompt);
    expect(structuredPromptText(prompt, structured)).toBe(
      'Um barco navegando no mar, câmera na mão\nSubject: Um barco\nAction: navegando no mar\nCamera: câmera na mão',
    );
    expect(videoModelPromptText(prompt, structured)).toBe(
      `${structuredPromptText(prompt, structured)}\n\nDo not include: ${structured.negative}`,
    );
  });
});
