import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CUSTOMER_WEBHOOK_EVENTS, type CustomerWebhookEvent } from '#shared/customer-webhooks';
import { Button } from '#web/components/ui/button';
import { FieldError, FieldHint, Input, Label } from '#web/components/ui/input';
import { isApiError } from '#web/lib/api';
import { useCreateWebhook } from '../api/webhooks';

/**
 * Registers an endpoint: its URL and the events it wants (all of them ticked to start with). The server checks the
 * address (https, public) and says why in pt-BR, shown under the field; the answer's secret goes to `onCreated`.
 */
export function WebhookForm({ onCreated }: { onCreated: (secret: string) => void }) {
  const { t } = useTranslation('webhooks');
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<CustomerWebhookEvent[]>([...CUSTOMER_WEBHOOK_EVENTS]);
  const [problem, setProblem] = useState<string | undefined>();
  const urlId = useId();
  const errorId = useId();

  const toggle = (event: CustomerWebhookEvent, on: boolean) =>
    setEvents((current) =>
      on
        ? CUSTOMER_WEBHOOK_EVENTS.filter((name) => name === event || current.includes(name))
        : current.filter((name) => name !== event),
    );

  const submit = (form: FormEvent) => {
    form.preventDefault();
    if (events.length === 0) return setProblem(t('form.eventsMissing'));
    setProblem(undefined);
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: ({ endpoint }) => {
          setUrl('');
          onCreated(endpoint.secret);
        },
        onError: (failure) => setProblem(isApiError(failure) ? failure.message : t('form.error')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="webhook-form" noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor={urlId}>{t('form.url')}</Label>
        <Input
          id={urlId}
          type="url"
          inputMode="url"
          required
          value={url}
          placeholder={t('form.urlPlaceholder')}
          onChange={(change) => setUrl(change.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
        />
        <FieldHint>{t('form.urlHint')}</FieldHint>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('form.events')}</legend>
        {CUSTOMER_WEBHOOK_EVENTS.map((event) => (
          <label key={event} className="flex min-h-11 items-center gap-3 text-sm">
            <input
              type="checkbox"
              className="size-5 shrink-0"
              checked={events.includes(event)}
              onChange={(change) => toggle(event, change.target.checked)}
            />
            <span>
              {t(`events.${event}`)} <code className="text-xs text-muted-foreground">{event}</code>
            </span>
          </label>
        ))}
      </fieldset>
      <FieldError id={errorId}>{problem}</FieldError>
      <Button type="submit" loading={create.isPending} className="w-full sm:w-fit">
        {t('form.submit')}
      </Button>
    </form>
  );
}
