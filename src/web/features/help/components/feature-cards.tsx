import { AudioLines, Braces, Clapperboard, type LucideIcon, MonitorPlay, ScanEye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { VIDEO_RESOLUTION } from '../../../../shared/catalogue';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';

const FEATURES: readonly { key: 'audio' | 'resolution' | 'scene' | 'modes' | 'prompts'; icon: LucideIcon }[] =
  [
    { key: 'audio', icon: AudioLines },
    { key: 'resolution', icon: MonitorPlay },
    { key: 'scene', icon: ScanEye },
    { key: 'modes', icon: Clapperboard },
    { key: 'prompts', icon: Braces },
  ];

/** 'Recursos': the five feature cards (spec §2). */
export function FeatureCards() {
  const { t } = useTranslation('help');
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="help-features">
      {FEATURES.map(({ key, icon: Icon }) => (
        <li key={key}>
          <Card className="h-full">
            <CardHeader>
              <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <CardTitle as="h3">{t(`features.${key}.title`, { resolution: VIDEO_RESOLUTION })}</CardTitle>
              <CardDescription>{t(`features.${key}.body`, { resolution: VIDEO_RESOLUTION })}</CardDescription>
            </CardHeader>
          </Card>
        </li>
      ))}
    </ul>
  );
}
