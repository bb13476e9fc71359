import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE } from '#shared/accounts';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Spinner } from '#web/components/ui/spinner';
import { useMe } from '#web/features/accounts';
import { useApiKeys } from '../api/api-keys';
import { ApiKeyForm, type NewToken } from './api-key-form';
import { ApiKeyItem } from './api-key-item';
import { NewTokenCard } from './new-token-card';

/**
 * The API keys part of Perfil → Desenvolvedores (ADR 0063): the form, the new key's token shown once, and the list
 * with each key's last use and its revoke button. Its own section, so the page can hold others (webhooks).
 */
export function ApiKeysSection() {
  const { t } = useTranslation('developers');
  const keys = useApiKeys();
  const { data: me } = useMe();
  const [created, setCreated] = useState<NewToken | null>(null);
  const timeZone = me?.profile.timezone ?? DEFAULT_TIME_ZONE;

  return (
    <section aria-labelledby="developers-keys" className="flex flex-col gap-4">
      <h2 id="developers-keys" className="text-xl font-semibold tracking-tight">
        {t('keys.title')}
      </h2>
      <p className="text-sm text-muted-foreground">{t('keys.description')}</p>
      {created ? <NewTokenCard created={created} onDone={() => setCreated(null)} /> : null}
      <ApiKeyForm onCreated={setCreated} />
      <Card>
        <CardHeader>
          <CardTitle as="h3">{t('keys.listLabel')}</CardTitle>
          {keys.data?.length === 0 ? <CardDescription>{t('keys.empty')}</CardDescription> : null}
        </CardHeader>
        <CardContent>
          {keys.isPending ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner /> {t('keys.loading')}
            </p>
          ) : keys.isError ? (
            <div className="flex flex-col items-start gap-2">
              <p className="text-sm text-destructive">{t('keys.loadError')}</p>
              <Button variant="outline" size="sm" onClick={() => void keys.refetch()}>
                {t('keys.retry')}
              </Button>
            </div>
          ) : (
            <ul
              aria-label={t('keys.listLabel')}
              className="flex flex-col divide-y"
              data-testid="api-key-list"
            >
              {keys.data.map((apiKey) => (
                <ApiKeyItem key={apiKey.id} apiKey={apiKey} timeZone={timeZone} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
