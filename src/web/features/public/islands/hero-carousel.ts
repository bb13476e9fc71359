/**
 * Island of the landing's hero carousel (markup: components/hero-carousel.tsx). Rotates every
 * LIMITS.carouselIntervalMs (a click on a dot gives that slide its full time), mounts the muted looping video of
 * the active slide once the page — and its LCP poster — has loaded, and runs the dots, pause and mute toggles.
 */
import { LIMITS } from '#shared/catalogue';
import { readJsonBlock } from '#web/lib/text-template';

export interface PosterVariant {
  src: string;
  width: number;
}

export const srcsetOf = (variants: PosterVariant[]) => variants.map((v) => `${v.src} ${v.width}w`).join(', ');

/**
 * The file a srcset would pick for `cssWidth` CSS pixels: the narrowest variant covering them at the screen's pixel
 * density, else the full-size JPEG. For the video's `poster`, which has no srcset.
 */
function posterFor(slide: CarouselSlide, cssWidth: number): string {
  const needed = cssWidth * window.devicePixelRatio;
  return slide.posterVariants.find((variant) => variant.width >= needed)?.src ?? slide.poster;
}

export interface CarouselSlide {
  video: string;
  /** The JPEG (the video's poster, and the `<img>`'s fallback). */
  poster: string;
  /** Right-sized WebP copies of the poster, narrowest first: the `<img>`'s srcset. */
  posterVariants: PosterVariant[];
  alt: string;
  /** The quoted prompt shown under the carousel. */
  prompt: string;
  /** "Vídeo 2 de 5". */
  label: string;
}

/** How long before a slide change the next poster is fetched, so it appears at once. */
const PREFETCH_AHEAD_MS = 2000;

function required<T extends Element>(root: Element, selector: string): T {
  const element = root.querySelector<T>(selector);
  if (!element) throw new Error(`hero carousel: ${selector} is missing`);
  return element;
}

export function attachHeroCarousel(root: HTMLElement): void {
  const slides = readJsonBlock<CarouselSlide[]>(root, '[data-carousel-slides]');
  const viewport = required<HTMLElement>(root, '[data-carousel-viewport]');
  const slideGroup = required<HTMLElement>(root, '[data-carousel-slide]');
  const poster = required<HTMLImageElement>(slideGroup, 'img');
  const prompt = required<HTMLElement>(root, '[data-carousel-prompt]');
  const pauseButton = required<HTMLButtonElement>(root, '[data-carousel-pause]');
  const muteButton = required<HTMLButtonElement>(root, '[data-carousel-mute]');
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-carousel-dot]')];

  let active = 0;
  let paused = false;
  let muted = true;
  let video: HTMLVideoElement | null = null;
  let rotation: number | undefined;
  let prefetch: number | undefined;

  const syncVideo = () => {
    if (!video) return;
    video.muted = muted;
    if (paused) video.pause();
    else void video.play().catch(() => undefined);
  };

  const mountVideo = () => {
    const slide = slides[active];
    if (!slide) return;
    video?.remove();
    video = document.createElement('video');
    Object.assign(video, {
      src: slide.video,
      // The file the <img> below picked from its srcset (in the cache already), not the heavier JPEG.
      poster: posterFor(slide, poster.clientWidth),
      width: poster.width,
      height: poster.height,
      preload: 'metadata',
      autoplay: !paused,
      muted,
      loop: true,
      playsInline: true,
      tabIndex: -1,
      className: poster.className,
    });
    video.setAttribute('aria-hidden', 'true');
    slideGroup.append(video);
    syncVideo();
  };

  const schedule = () => {
    window.clearTimeout(rotation);
    window.clearTimeout(prefetch);
    if (paused) return;
    rotation = window.setTimeout(() => show((active + 1) % slides.length), LIMITS.carouselIntervalMs);
    const next = slides[(active + 1) % slides.length];
    prefetch = window.setTimeout(
      () => {
        if (!next) return;
        const image = new Image();
        image.sizes = poster.sizes;
        image.srcset = srcsetOf(next.posterVariants);
        image.src = next.poster;
      },
      Math.max(0, LIMITS.carouselIntervalMs - PREFETCH_AHEAD_MS),
    );
  };

  function show(index: number) {
    const slide = slides[index];
    if (!slide) return;
    active = index;
    root.dataset.activeSlide = String(index);
    poster.loading = 'lazy';
    poster.fetchPriority = 'auto';
    poster.decoding = 'async';
    poster.srcset = srcsetOf(slide.posterVariants);
    poster.src = slide.poster;
    poster.alt = slide.alt;
    slideGroup.setAttribute('aria-label', slide.label);
    // Fade in only on changes: the first poster is the LCP image and must paint at once.
    slideGroup.classList.remove('animate-fade-in');
    void slideGroup.offsetWidth; // restart the animation
    slideGroup.classList.add('animate-fade-in');
    prompt.textContent = slide.prompt;
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
    if (video) mountVideo();
    schedule();
  }

  dots.forEach((dot, index) => {
    dot.addEventListener('click', () => show(index));
  });
  pauseButton.addEventListener('click', () => {
    paused = !paused;
    pauseButton.setAttribute('aria-pressed', String(paused));
    // While paused, a screen reader hears the slide a dot selects.
    viewport.setAttribute('aria-live', paused ? 'polite' : 'off');
    syncVideo();
    schedule();
  });
  muteButton.addEventListener('click', () => {
    muted = !muted;
    muteButton.setAttribute('aria-pressed', String(muted));
    // Inside the click handler, so the browser accepts playing with sound.
    syncVideo();
  });

  if (document.readyState === 'complete') mountVideo();
  else window.addEventListener('load', mountVideo, { once: true });
  schedule();
}
