import { zonedDay } from './time';

/** How many of the prompt's words name a download, and the most characters they may take. */
const NAME_WORDS = 6;
const NAME_MAX_CHARS = 48;

/** "Câmera na mão, se aproximando!" → "camera-na-mao-se-aproximando": ASCII letters and digits, hyphen-separated. */
function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .slice(0, NAME_WORDS)
    .join('-')
    .slice(0, NAME_MAX_CHARS)
    .replace(/-+$/, '');
}

/**
 * A downloaded video's file name, `cena-<yyyy-mm-dd>-<first words of the prompt>.mp4` (the creation day in the
 * owner's time zone), so a folder of downloads says which is which. Only `[a-z0-9-]` besides the extension: safe
 * in a Content-Disposition header and in a `download` attribute on every system.
 */
export function downloadFileName(prompt: string, createdAt: Date, timeZone: string): string {
  const words = slugify(prompt);
  return `cena-${zonedDay(createdAt, timeZone)}${words ? `-${words}` : ''}.mp4`;
}

/** The same video with its captions burned in: `cena-<yyyy-mm-dd>-<words>-legendado.mp4`, beside the plain one. */
export function captionedFileName(prompt: string, createdAt: Date, timeZone: string): string {
  return downloadFileName(prompt, createdAt, timeZone).replace(/\.mp4$/, '-legendado.mp4');
}

/** What `downloadFileName` and `captionedFileName` make, and nothing else: the names the media route accepts. */
export const DOWNLOAD_FILE_NAME = /^cena-\d{4}-\d{2}-\d{2}(-[a-z0-9-]{1,48})?(-legendado)?\.mp4$/;
