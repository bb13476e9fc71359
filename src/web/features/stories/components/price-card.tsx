import { useTranslation } from 'react-i18next';
import { formatBRL } from '#shared/format';
import { STORY_PRICE_MODES, type StoryPrice } from '#shared/stories';
import { formatCredits } from '#web/features/credits';

/**
 * What the story costs before anything is spent (the first question): the drafts of every shot and the
 * final cut of the kept ones in each finishing mode, in credits and in R$ (the smallest package's price per
 * credit, `creditsPriceCents`). Recomputed with every edit.
 */
export function PriceCard({ price }: { price: StoryPrice }) {
  const { t } = useTranslation('stories');
  return (
    <section className="rounded-(--radius-card) border border-border bg-card p-3" data-testid="story-price">
      <h2 className="text-sm font-semibold">{t('price.title')}</h2>
      <dl className="mt-1 grid gap-x-6 text-sm sm:grid-cols-2">
        {STORY_PRICE_MODES.map((mode) => (
          <div
            key={mode}
            className="flex items-baseline justify-between gap-2 py-0.5"
            data-testid={`story-price-${mode}`}
          >
            <dt className="text-muted-foreground">{t(`price.${mode}`)}</dt>
            <dd className="tabular-nums">
              <span className="font-semibold" data-credits={price[mode].credits}>
                {t('credits', { count: price[mode].credits, value: formatCredits(price[mode].credits) })}
              </span>
              <span className="text-xs text-muted-foreground"> · {formatBRL(price[mode].priceCents)}</span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-1 text-xs text-muted-foreground">{t('price.kept')}</p>
    </section>
  );
}
