import {
  AudioLines,
  BadgeCheck,
  Braces,
  Captions,
  Clapperboard,
  Eye,
  Gift,
  type LucideIcon,
  MonitorPlay,
  ScanEye,
  UserPlus,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  INVITE_CREDIT_VALIDITY_DAYS,
  INVITE_INVITEE_CREDITS,
  INVITE_INVITER_CREDITS,
  INVITE_REWARDS_PER_INVITER_PER_DAY,
  INVITE_REWARDS_PER_INVITER_TOTAL,
  MODE_RESOLUTION,
  TRIAL_CREDITS,
  TRIAL_VALIDITY_DAYS,
} from '#shared/catalogue';
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ModePrices } from './mode-prices';

/**
 * Every feature text may name each mode's resolution (the resolution card does) and the catalogue's trial and
 * invite figures (ADR 0040, ADR 0046).
 */
const FIGURES = {
  fastResolution: MODE_RESOLUTION.fast,
  qualityResolution: MODE_RESOLUTION.quality,
  trialCredits: TRIAL_CREDITS,
  trialDays: TRIAL_VALIDITY_DAYS,
  inviterCredits: INVITE_INVITER_CREDITS,
  inviteeCredits: INVITE_INVITEE_CREDITS,
  inviteDays: INVITE_CREDIT_VALIDITY_DAYS,
  invitesPerDay: INVITE_REWARDS_PER_INVITER_PER_DAY,
  invitesTotal: INVITE_REWARDS_PER_INVITER_TOTAL,
};

type FeatureKey =
  | 'audio'
  | 'resolution'
  | 'scene'
  | 'modes'
  | 'prompts'
  | 'preview'
  | 'guarantee'
  | 'captions'
  | 'trial'
  | 'invites';

const FEATURES: readonly { key: FeatureKey; icon: LucideIcon }[] = [
  { key: 'audio', icon: AudioLines },
  { key: 'resolution', icon: MonitorPlay },
  { key: 'scene', icon: ScanEye },
  { key: 'modes', icon: Clapperboard },
  { key: 'prompts', icon: Braces },
];

/**
 * What Cena promises besides the model's features: the prompt seen before paying, the take guarantee, captions, the
 * free first video and the invite rewards.
 */
const PROMISES: readonly { key: FeatureKey; icon: LucideIcon }[] = [
  { key: 'preview', icon: Eye },
  { key: 'guarantee', icon: BadgeCheck },
  { key: 'captions', icon: Captions },
  { key: 'trial', icon: Gift },
  { key: 'invites', icon: UserPlus },
];

/** 'Recursos': the five feature cards (spec §2), Cena's promises in their own list, then the modes' prices. */
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
              <CardTitle as="h3">{t(`features.${key}.title`, FIGURES)}</CardTitle>
              <CardDescription>{t(`features.${key}.body`, FIGURES)}</CardDescription>
            </CardHeader>
          </Card>
        </li>
      ))}
    </ul>
  );
}
