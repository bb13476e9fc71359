import { Pause, Play, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANDING_CLAIMS, LIMITS } from '../../../../shared/catalogue';
import { cn } from '../../../lib/cn';
import { useFormatters } from '../lib/format';

/** Sample media rendered by scripts/render-samples.ts (960×540, 16:9). */
const SAMPLE_WIDTH = 960;
const SAMPLE_HEIGHT = 540;
const SLIDE_KEYS = ['s1', 's2', 's3', 's4', 's5'] as const;
const SLIDES = SLIDE_KEYS.slice(0, LANDING_CLAIMS.sampleVideos).map((key, index) => ({
  key,
  video: `/samples/sample-${index + 1}.mp4`,
  poster: `/samples/sample-${index + 1}.jpg`,
}));
const SLIDE_COUNT = SLIDES.length;
/** How long before a slide change the next poster is fetched. */
const PREFETCH_AHEAD_MS = 2000;

const overlayButton = cn(
  'flex size-11 cursor-pointer items-center justify-center rounded-full bg-black/55 text-white backdrop-blur-sm transition-colors',
  'hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
);

/**
 * The landing hero's sample videos: rotates every LIMITS.carouselIntervalMs, muted autoplay with a mute toggle,
 * a pause toggle and slide dots. Prerender-safe: the server HTML holds only the first poster (the LCP image, eager
 * and high priority); the <video> of the active slide is mounted after hydration, so it never competes with it.
 */
export function HeroCarousel({ className }: { className?: string }) {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  const [active, setActive] = useState(0);
  /** Fade slides in only after the first change: the first poster is the LCP image and must paint at once. */
  const [changed, setChanged] = useState(false);
  const [muted, setMuted] = useState(true);
  const [paused, setPaused] = useState(false);
  const [mediaReady, setMediaReady] = useState(false);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const slide = SLIDES[active] ?? SLIDES[0];

  // Mount the video only once the page (and its LCP poster) has loaded.
  useEffect(() => {
    if (document.readyState === 'complete') {
      setMediaReady(true);
      return;
    }
    const onLoad = () => setMediaReady(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, []);

  // Rotation: restarts on every slide change, so a click on a dot gives that slide its full time.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `active` restarts the timer on purpose
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => {
      setChanged(true);
      setActive((index) => (index + 1) % SLIDE_COUNT);
    }, LIMITS.carouselIntervalMs);
    return () => window.clearTimeout(timer);
  }, [active, paused]);

  // Warm the cache with the next poster shortly before the slide changes, so it appears at once.
  useEffect(() => {
    if (!mediaReady || paused) return;
    const next = SLIDES[(active + 1) % SLIDE_COUNT];
    if (!next) return;
    const timer = window.setTimeout(
      () => {
        new Image().src = next.poster;
      },
      Math.max(0, LIMITS.carouselIntervalMs - PREFETCH_AHEAD_MS),
    );
    return () => window.clearTimeout(timer);
  }, [active, mediaReady, paused]);

  // Keep the mounted video in line with the muted / paused state (React does not reflect `muted` reliably).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run when a new slide's video is mounted
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = muted;
    if (paused) video.pause();
    else void video.play().catch(() => undefined);
  }, [active, mediaReady, muted, paused]);

  const toggleMute = () => {
    const next = !muted;
    setMuted(next);
    const video = videoRef.current;
    if (video) {
      // Inside the click handler, so the browser accepts playing with sound.
      video.muted = next;
      if (!next && !paused) void video.play().catch(() => undefined);
    }
  };

  if (!slide) return null;
  const prompt = t(`landing.carousel.slides.${slide.key}`);

  return (
    <section
      data-testid="hero-carousel"
      data-active-slide={active}
      aria-roledescription={t('landing.carousel.roleDescription')}
      aria-label={t('landing.carousel.label')}
      className={cn('flex flex-col gap-3', className)}
    >
      <div className="relative overflow-hidden rounded-2xl bg-foreground shadow-2xl ring-1 shadow-primary/20 ring-black/10">
        <div
          aria-live={paused ? 'polite' : 'off'}
          aria-atomic="true"
          className="relative aspect-video w-full"
          style={{ aspectRatio: `${SAMPLE_WIDTH} / ${SAMPLE_HEIGHT}` }}
        >
          {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group */}
          <div
            key={slide.key}
            role="group"
            aria-roledescription={t('landing.carousel.slideRoleDescription')}
            aria-label={t('landing.carousel.slideLabel', { n: n(active + 1), total: n(SLIDE_COUNT) })}
            className={cn('absolute inset-0', changed && 'animate-fade-in')}
          >
            <img
              src={slide.poster}
              alt={t('landing.carousel.posterAlt', { prompt })}
              width={SAMPLE_WIDTH}
              height={SAMPLE_HEIGHT}
              loading={active === 0 ? 'eager' : 'lazy'}
              fetchPriority={active === 0 ? 'high' : 'auto'}
              decoding={active === 0 ? 'sync' : 'async'}
              className="absolute inset-0 size-full object-cover"
            />
            {mediaReady ? (
              <video
                ref={videoRef}
                src={slide.video}
                poster={slide.poster}
                width={SAMPLE_WIDTH}
                height={SAMPLE_HEIGHT}
                preload="metadata"
                autoPlay={!paused}
                muted={muted}
                loop
                playsInline
                aria-hidden="true"
                tabIndex={-1}
                className="absolute inset-0 size-full object-cover"
              />
            ) : null}
          </div>
        </div>
        <div className="absolute right-3 bottom-3 flex gap-2">
          <button
            type="button"
            className={overlayButton}
            aria-label={t('landing.carousel.pause')}
            aria-pressed={paused}
            onClick={() => setPaused((value) => !value)}
            data-testid="carousel-pause"
          >
            {paused ? (
              <Play aria-hidden="true" className="size-5" />
            ) : (
              <Pause aria-hidden="true" className="size-5" />
            )}
          </button>
          <button
            type="button"
            className={overlayButton}
            aria-label={t('landing.carousel.mute')}
            aria-pressed={muted}
            onClick={toggleMute}
            data-testid="mute-toggle"
          >
            {muted ? (
              <VolumeX aria-hidden="true" className="size-5" />
            ) : (
              <Volume2 aria-hidden="true" className="size-5" />
            )}
          </button>
        </div>
      </div>

      <div className="flex flex-col items-center gap-2">
        <fieldset className="flex items-center justify-center gap-1">
          <legend className="sr-only">{t('landing.carousel.dotsLabel')}</legend>
          {SLIDES.map((item, index) => (
            <button
              key={item.key}
              type="button"
              aria-label={t('landing.carousel.dot', { n: n(index + 1) })}
              aria-current={index === active ? 'true' : undefined}
              onClick={() => {
                setChanged(true);
                setActive(index);
              }}
              className="group flex size-7 cursor-pointer items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
            >
              <span
                aria-hidden="true"
                className={cn(
                  'block h-2 rounded-full transition-all duration-300',
                  index === active ? 'w-6 bg-primary' : 'w-2 bg-foreground/25 group-hover:bg-foreground/50',
                )}
              />
            </button>
          ))}
        </fieldset>
        <p className="min-h-10 max-w-md text-center text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{t('landing.carousel.promptLabel')}</span>{' '}
          {t('landing.carousel.quoted', { text: prompt })}
        </p>
      </div>
    </section>
  );
}
