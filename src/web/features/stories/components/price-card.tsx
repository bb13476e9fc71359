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
      <dl className="mt-1 grid grid-cols-2 gap-x-3 text-sm sm:grid-cols-4 lg:grid-cols-2">
        {STORY_PRICE_MODES.map((mode) => (
          <div key={mode} className="flex flex-col py-1" data-testid={`story-price-${mode}`}>
            <dt className="text-xs text-muted-foreground">{t(`price.${mode}`)}</dt>
            <dd className="font-semibold tabular-nums" data-credits={price[mode].credits}>
              {t('credits', { count: price[mode].credits, value: formatCredits(price[mode].credits) })}
              <span className="block text-xs font-normal text-muted-foreground">
                {formatBRL(price[mode].priceCents)}
              </span>
            </dd>
          </div>
        ))}
      </dl>
      <p className="text-xs text-muted-foreground">{t('price.kept')}</p>
    </section>
  );
}
