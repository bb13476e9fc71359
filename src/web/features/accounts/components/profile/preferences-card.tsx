import i18n from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Spinner } from '#web/components/ui/spinner';
import { toast } from '#web/components/ui/toaster';
import { currentLanguage, setLanguage } from '#web/lib/language';
import {
  type Me,
  PROFILE_LANGUAGES,
  type ProfileLanguage,
  TIME_ZONES,
  type TimeZone,
  toUiLanguage,
} from '../../api/me';
import { useUpdateProfile } from '../../api/update-profile';
import { FormField } from '../form-field';
import { NativeSelect } from '../native-select';

const TIME_ZONE_KEYS = {
  'America/Sao_Paulo': 'saoPaulo',
  'America/Bahia': 'bahia',
  'America/Fortaleza': 'fortaleza',
  'America/Recife': 'recife',
  'America/Belem': 'belem',
  'America/Manaus': 'manaus',
  'America/Cuiaba': 'cuiaba',
  'America/Porto_Velho': 'portoVelho',
  'America/Boa_Vista': 'boaVista',
  'America/Rio_Branco': 'rioBranco',
  'America/Noronha': 'noronha',
  'America/New_York': 'newYork',
  'Europe/London': 'london',
  'Europe/Paris': 'paris',
} as const satisfies Record<TimeZone, string>;

/**
 * Language (switches the whole UI at once, then is saved) and time zone (saved; dates in the app use it). Each
 * change saves immediately; a failed save puts the previous value back.
 */
export function PreferencesCard({ me }: { me: Me }) {
  const { t } = useTranslation('accounts');
  const update = useUpdateProfile();
  const titleId = useId();
  const [saving, setSaving] = useState<'language' | 'timezone' | null>(null);
  const [pending, setPending] = useState<{ language?: ProfileLanguage; timezone?: TimeZone }>({});

  const onLanguage = async (language: ProfileLanguage) => {
    const previous = currentLanguage();
    setSaving('language');
    setPending({ language });
    await setLanguage(toUiLanguage(language)); // the UI switches now…
    try {
      await update.mutateAsync({ language }); // …and the choice is saved
      // `t` of this render is still bound to the previous language.
      toast.success(i18n.getFixedT(null, 'accounts')('profile.updated'));
    } catch (failure) {
      await setLanguage(previous);
      toast.error(i18n.getFixedT(null, 'accounts')('profile.updateError'), {
        description: failure instanceof Error && failure.message ? failure.message : undefined,
      });
    } finally {
      setSaving(null);
      setPending({});
    }
  };

  const onTimezone = async (timezone: TimeZone) => {
    setSaving('timezone');
    setPending({ timezone });
    try {
      await update.mutateAsync({ timezone });
      toast.success(t('profile.updated'));
    } catch (failure) {
      toast.error(t('profile.updateError'), {
        description: failure instanceof Error && failure.message ? failure.message : undefined,
      });
    } finally {
      setSaving(null);
      setPending({});
    }
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle as="h2" id={titleId}>
          {t('profile.preferences.title')}
        </CardTitle>
        <CardDescription>{t('profile.preferences.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('profile.preferences.language')}>
          {(control) => (
            <NativeSelect
              {...control}
              name="language"
              data-testid="profile-language"
              value={pending.language ?? me.profile.language}
              disabled={saving !== null}
              onChange={(event) => void onLanguage(event.target.value as ProfileLanguage)}
            >
              {PROFILE_LANGUAGES.map((language) => (
                <option key={language} value={language} lang={toUiLanguage(language)}>
                  {t(`profile.preferences.languages.${language}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t('profile.preferences.timezone')}>
          {(control) => (
            <NativeSelect
              {...control}
              name="timezone"
              data-testid="profile-timezone"
              value={pending.timezone ?? me.profile.timezone}
              disabled={saving !== null}
              onChange={(event) => void onTimezone(event.target.value as TimeZone)}
            >
              {TIME_ZONES.map((zone) => (
                <option key={zone} value={zone}>
                  {t(`profile.preferences.timezones.${TIME_ZONE_KEYS[zone]}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <p
          aria-live="polite"
          className="flex h-5 items-center gap-2 text-sm text-muted-foreground sm:col-span-2"
        >
          {saving ? (
            <>
              <Spinner size="sm" decorative />
              {t('profile.preferences.saving')}
            </>
          ) : null}
        </p>
      </CardContent>
    </Card>
  );
}
