/**
 * File names of the landing's sample media, written by scripts/render-samples.ts (or supplied in
 * SAMPLE_VIDEOS_DIR) and served at /samples/: `sample-N.mp4`, its first frame `sample-N.jpg` (960×540) and WebP
 * copies of that poster at each of POSTER_WIDTHS for the page's `srcset`.
 */

/** Width × height of the sample videos and their JPEG posters (16:9). */
export const SAMPLE_WIDTH = 960;
export const SAMPLE_HEIGHT = 540;
/** A 412 px wide phone at DPR 1.75 shows the poster ≈ 665 px wide: 720 serves it, 960 serves wider screens. */
export const POSTER_WIDTHS = [720, 960] as const;

export const sampleVideo = (n: number) => `sample-${n}.mp4`;
export const samplePoster = (n: number) => `sample-${n}.jpg`;
export const posterVariant = (n: number, width: number) => `sample-${n}-${width}.webp`;
