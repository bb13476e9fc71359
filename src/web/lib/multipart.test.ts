import { describe, expect, it } from 'vitest';
import { multipartBody } from './multipart';

describe('a multipart body from an object', () => {
  it('sends every present key: text as text, a file as a file under its name, a list as repeated parts', () => {
    const first = new File(['a'], 'primeiro.png', { type: 'image/png' });
    const references = [new File(['b'], 'ref-1.jpg'), new File(['c'], 'ref-2.jpg')];
    const form = multipartBody({
      prompt: 'Um farol',
      seed: '',
      firstFrame: first,
      lastFrame: undefined,
      referenceImages: references,
      castIds: ['c1', 'c2'],
      style: 'noir',
    });

    expect([...form.keys()]).toEqual([
      'prompt',
      'seed',
      'firstFrame',
      'referenceImages',
      'referenceImages',
      'castIds',
      'castIds',
      'style',
    ]);
    expect(form.get('prompt')).toBe('Um farol');
    expect(form.get('seed')).toBe('');
    expect((form.get('firstFrame') as File).name).toBe('primeiro.png');
    expect(form.getAll('referenceImages').map((file) => (file as File).name)).toEqual([
      'ref-1.jpg',
      'ref-2.jpg',
    ]);
    expect(form.getAll('castIds')).toEqual(['c1', 'c2']);
    expect(form.has('lastFrame')).toBe(false);
  });

  it('sends no part for an empty list', () => {
    expect([...multipartBody({ castIds: [] }).keys()]).toEqual([]);
  });
});
