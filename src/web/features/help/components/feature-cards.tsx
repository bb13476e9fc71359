import {
  AudioLines,
  BadgeCheck,
  Braces,
  Clapperboard,
  Eye,
  type LucideIcon,
  MonitorPlay,
  ScanEye,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MODE_RESOLUTION } from '#shared/catalogue';
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ModePrices } from './mode-prices';

/** Every feature text may name each mode's resolution (the resolution card does). */
const RESOLUTIONS = { fastResolution: MODE_RESOLUTION.fast, qualityResolution: MODE_RESOLUTION.quality };

type FeatureKey = 'audio' | 'resolution' | 'scene' | 'modes' | 'prompts' | 'preview' | 'guarantee';

const FEATURES: readonly { key: FeatureKey; icon: LucideIcon }[] = [
  { key: 'audio', icon: AudioLines },
  { key: 'resolution', icon: MonitorPlay },
  { key: 'scene', icon: ScanEye },
  { key: 'modes', icon: Clapperboard },
  { key: 'prompts', icon: Braces },
];

/** What Cena promises besides the model's features: the prompt seen before paying and the take guarantee. */
const PROMISES: readonly { key: FeatureKey; icon: LucideIcon }[] = [
  { key: 'preview', icon: Eye },
  { key: 'guarantee', icon: BadgeCheck },
];

/** 'Recursos': the five feature cards (spec §2), Cena's two promises in their own list, then the modes' prices. */
export function FeatureCards() {
  return (
    <div className="flex flex-col gap-4">
      <CardList items={FEATURES} testId="help-features" />
      <CardList items={PROMISES} testId="help-promises" />
      <ModePrices />
    </div>
  );
}

function CardList({
  items,
  testId,
}: {
  items: readonly { key: FeatureKey; icon: LucideIcon }[];
  testId: string;
}) {
  const { t } = useTranslation('help');
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {items.map(({ key, icon: Icon }) => (
        <li key={key}>
          <Card className="h-full">
            <CardHeader>
              <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <CardTitle as="h3">{t(`features.${key}.title`, RESOLUTIONS)}</CardTitle>
              <CardDescription>{t(`features.${key}.body`, RESOLUTIONS)}</CardDescription>
            </CardHeader>
          </Card>
        </li>
      ))}
    </ul>
  );
}
