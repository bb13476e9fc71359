import { describe, expect, it } from 'vitest';
import { captionedFileName, DOWNLOAD_FILE_NAME, downloadFileName } from './download-name';

describe('download file names', () => {
  it('names a download by its creation day in the owner’s zone and the prompt’s first words, accents dropped', () => {
    // 02:30 UTC on 1 May is still 30 April in São Paulo.
    const createdAt = new Date('2026-05-01T02:30:00Z');
    const name = downloadFileName(
      'Câmera na mão, se aproximando devagar de um açaí na praia',
      createdAt,
      'America/Sao_Paulo',
    );
    expect(name).toBe('cena-2026-04-30-camera-na-mao-se-aproximando-devagar.mp4');
    expect(downloadFileName('Câmera', createdAt, 'UTC')).toBe('cena-2026-05-01-camera.mp4');
    expect(downloadFileName('!!! 🎬', createdAt, 'UTC')).toBe('cena-2026-05-01.mp4');
    for (const made of [name, downloadFileName('x'.repeat(200), createdAt, 'UTC'), 'cena-2026-05-01.mp4']) {
      expect(made).toMatch(DOWNLOAD_FILE_NAME);
    }
    expect('cena-2026-05-01-a"b.mp4').not.toMatch(DOWNLOAD_FILE_NAME);
  });

  it('names the captioned copy like the video, marked -legendado, and the media route accepts it', () => {
    const name = captionedFileName('Câmera na mão', new Date('2026-05-01T12:00:00Z'), 'UTC');
    expect(name).toBe('cena-2026-05-01-camera-na-mao-legendado.mp4');
    expect(DOWNLOAD_FILE_NAME.test(name)).toBe(true);
  });
});
