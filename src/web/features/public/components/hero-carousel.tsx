import { Pause, Play, Volume2, VolumeX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANDING_CLAIMS } from '#shared/catalogue';
import {
  POSTER_WIDTHS,
  posterVariant,
  SAMPLE_HEIGHT,
  SAMPLE_WIDTH,
  samplePoster,
  sampleVideo,
} from '#shared/sample-media';
import { cn } from '#web/lib/cn';
import { jsonForScript } from '#web/lib/text-template';
import { type CarouselSlide, srcsetOf } from '../islands/hero-carousel';
import { useFormatters } from '../lib/format';

const SLIDE_KEYS = ['s1', 's2', 's3', 's4', 's5'] as const;
const SLIDES = SLIDE_KEYS.slice(0, LANDING_CLAIMS.sampleVideos).map((key, index) => ({
  key,
  video: `/samples/${sampleVideo(index + 1)}`,
  poster: `/samples/${samplePoster(index + 1)}`,
  posterVariants: POSTER_WIDTHS.map((width) => ({
    src: `/samples/${posterVariant(index + 1, width)}`,
    width,
  })),
}));
/**
 * The poster's rendered width: the page container (`container-page`: 72rem, 1rem side padding, 1.5rem from 40rem)
 * minus its padding, and one of the hero's two columns (3rem gap) from the `lg` breakpoint.
 */
const POSTER_SIZES = '(min-width: 1024px) 528px, (min-width: 640px) calc(100vw - 3rem), calc(100vw - 2rem)';
/**
 * From the `lg` breakpoint the first slide's poster, beside the headline, is the landing's LCP image: the build
 * preloads it there, with the same srcset and sizes as the `<img>`, so the browser fetches one file, early.
 * Narrower, the carousel comes below the headline and the poster is an ordinary image the browser asks for once the
 * stylesheet that the headline's paint waits for is in.
 */
export const FIRST_POSTER = SLIDES[0] && {
  srcset: srcsetOf(SLIDES[0].posterVariants),
  sizes: POSTER_SIZES,
  media: '(min-width: 1024px)',
};

const overlayButton = cn(
  'group flex size-11 cursor-pointer items-center justify-center rounded-full bg-black/55 text-white backdrop-blur-sm transition-colors',
  'hover:bg-black/75 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
);

/**
 * The landing hero's sample videos (WAI-ARIA carousel pattern), prerendered with the first slide's poster — eager
 * (preloaded where it is the LCP image, FIRST_POSTER), sized so nothing shifts. The hero-carousel island rotates
 * the slides every LIMITS.carouselIntervalMs, mounts the video once the page has loaded, and runs the dots, pause
 * and mute buttons; the other slides' texts travel in a JSON block in the page's language.
 */
export function HeroCarousel({ className }: { className?: string }) {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  const slides: CarouselSlide[] = SLIDES.map((slide, index) => {
    const prompt = t(`landing.carousel.slides.${slide.key}`);
    return {
      video: slide.video,
      poster: slide.poster,
      posterVariants: slide.posterVariants,
      alt: t('landing.carousel.posterAlt', { prompt }),
      prompt: t('landing.carousel.quoted', { text: prompt }),
      label: t('landing.carousel.slideLabel', { n: n(index + 1), total: n(SLIDES.length) }),
    };
  });
  const first = slides[0];
  if (!first) return null;

  return (
    <section
      data-testid="hero-carousel"
      data-island="hero-carousel"
      data-active-slide={0}
      aria-roledescription={t('landing.carousel.roleDescription')}
      aria-label={t('landing.carousel.label')}
      className={cn('flex flex-col gap-3', className)}
    >
      <script
        type="application/json"
        data-carousel-slides
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data block, "<" escaped by jsonForScript
        dangerouslySetInnerHTML={{ __html: jsonForScript(slides) }}
      />
      <div className="relative overflow-hidden rounded-2xl bg-foreground shadow-2xl ring-1 shadow-primary/20 ring-black/10">
        <div
          aria-live="off"
          aria-atomic="true"
          data-carousel-viewport
          className="relative aspect-video w-full"
          style={{ aspectRatio: `${SAMPLE_WIDTH} / ${SAMPLE_HEIGHT}` }}
        >
          {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern's slide is a group */}
          <div
            role="group"
            aria-roledescription={t('landing.carousel.slideRoleDescription')}
            aria-label={first.label}
            data-carousel-slide
            className="absolute inset-0"
          >
            <img
              src={first.poster}
              srcSet={srcsetOf(first.posterVariants)}
              sizes={POSTER_SIZES}
              alt={first.alt}
              width={SAMPLE_WIDTH}
              height={SAMPLE_HEIGHT}
              loading="eager"
              decoding="sync"
              className="absolute inset-0 size-full object-cover"
            />
          </div>
        </div>
        <div className="absolute right-3 bottom-3 flex gap-2">
          <button
            type="button"
            className={overlayButton}
            aria-label={t('landing.carousel.pause')}
            aria-pressed={false}
            data-testid="carousel-pause"
            data-carousel-pause
          >
            <Pause aria-hidden="true" className="size-5 group-aria-pressed:hidden" />
            <Play aria-hidden="true" className="hidden size-5 group-aria-pressed:block" />
          </button>
          <button
            type="button"
            className={overlayButton}
            aria-label={t('landing.carousel.mute')}
            aria-pressed={true}
            data-testid="mute-toggle"
            data-carousel-mute
          >
            <VolumeX aria-hidden="true" className="hidden size-5 group-aria-pressed:block" />
            <Volume2 aria-hidden="true" className="size-5 group-aria-pressed:hidden" />
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
              aria-current={index === 0 ? 'true' : undefined}
              data-carousel-dot={index}
              className="group flex size-7 cursor-pointer items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-ring"
            >
              <span
                aria-hidden="true"
                className="block h-2 w-2 rounded-full bg-foreground/25 transition-all duration-300 group-hover:bg-foreground/50 group-aria-[current=true]:w-6 group-aria-[current=true]:bg-primary"
              />
            </button>
          ))}
        </fieldset>
        <p className="min-h-10 max-w-md text-center text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{t('landing.carousel.promptLabel')}</span>{' '}
          <span data-carousel-prompt>{first.prompt}</span>
        </p>
      </div>
    </section>
  );
}
