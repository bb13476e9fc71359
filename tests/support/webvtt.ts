/**
 * A strict reader of the WebVTT Cena writes (https://www.w3.org/TR/webvtt1/#file-structure): the `WEBVTT` line, a
 * blank line, then blocks of an identifier, a `hh:mm:ss.ttt --> hh:mm:ss.ttt` timing whose end follows its start
 * and the cue's text, which must not contain `-->`, a raw `<` or an unescaped `&`. Throws on anything else.
 */
const TIMING = /^(\d{2}:[0-5]\d:[0-5]\d\.\d{3}) --> (\d{2}:[0-5]\d:[0-5]\d\.\d{3})$/;

const seconds = (time: string) => {
  const [h, m, s] = time.split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
};

export function parseWebVtt(text: string): { start: string; end: string; text: string }[] {
  if (!text.startsWith('WEBVTT\n\n')) throw new Error('no WEBVTT signature followed by a blank line');
  const blocks = text
    .slice('WEBVTT\n\n'.length)
    .split('\n\n')
    .filter((block) => block !== '');
  return blocks.map((block) => {
    const [id, timing = '', ...lines] = block.split('\n');
    if (!id || id.includes('-->')) throw new Error(`cue without identifier: ${block}`);
    const match = TIMING.exec(timing);
    if (!match?.[1] || !match[2]) throw new Error(`bad timing: ${timing}`);
    if (seconds(match[2]) <= seconds(match[1])) throw new Error(`cue ends before it starts: ${timing}`);
    const cueText = lines.join('\n');
    if (!cueText || cueText.includes('-->') || /<|&(?!amp;|lt;|gt;)/.test(cueText))
      throw new Error(`bad cue text: ${cueText}`);
    return { start: match[1], end: match[2], text: cueText };
  });
}
