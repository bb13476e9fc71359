import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_KEY_LIMITS, API_KEY_SCOPES, type ApiKeyScope } from '#shared/api-keys';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card';
import { FieldError, FieldHint, Input, Label } from '#web/components/ui/input';
import { toast } from '#web/components/ui/toaster';
import { isApiError } from '#web/lib/api';
import { useCreateApiKey } from '../api/api-keys';

export interface NewToken {
  name: string;
  token: string;
}

type Errors = Partial<Record<'name' | 'scopes' | 'dailyCreditLimit', string>>;

/** A limit typed by the user: null when left empty, undefined when it is not a whole number from 1. */
function parsedLimit(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= API_KEY_LIMITS.dailyCreditsMax ? value : undefined;
}

/** 'Nova chave': name, scopes (both ticked at first) and an optional daily limit; the token goes to `onCreated`. */
export function ApiKeyForm({ onCreated }: { onCreated: (token: NewToken) => void }) {
  const { t } = useTranslation('developers');
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([...API_KEY_SCOPES]);
  const [limit, setLimit] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((current) => API_KEY_SCOPES.filter((s) => (s === scope ? on : current.includes(s))));

  const submit = async () => {
    const dailyCreditLimit = parsedLimit(limit);
    const found: Errors = {
      ...(name.trim() ? {} : { name: t('form.nameRequired') }),
      ...(scopes.length > 0 ? {} : { scopes: t('form.scopeRequired') }),
      ...(dailyCreditLimit === undefined ? { dailyCreditLimit: t('form.limitInvalid') } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0 || dailyCreditLimit === undefined) return;
    try {
      const { apiKey } = await create.mutateAsync({ name: name.trim(), scopes, dailyCreditLimit });
      onCreated({ name: apiKey.name, token: apiKey.token });
      setName('');
      setLimit('');
    } catch (error) {
      toast.error(isApiError(error) ? error.message : t('keys.error'));
    }
  };

  return (
    <Card data-testid="api-key-form">
      <CardHeader>
        <CardTitle as="h3">{t('form.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="api-key-name">{t('form.name')}</Label>
            <Input
              id="api-key-name"
              value={name}
              maxLength={API_KEY_LIMITS.nameMax}
              placeholder={t('form.namePlaceholder')}
              onChange={(event) => setName(event.currentTarget.value)}
              aria-invalid={errors.name ? true : undefined}
              data-testid="api-key-name"
            />
            <FieldError>{errors.name}</FieldError>
          </div>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('form.scopes')}</legend>
            {API_KEY_SCOPES.map((scope) => (
              <label key={scope} className="flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={scopes.includes(scope)}
                  onChange={(event) => toggle(scope, event.currentTarget.checked)}
                  className="size-4 shrink-0 accent-primary"
                  data-testid={`api-key-scope-${scope}`}
                />
                <span>{t(`scopes.${scope}`)}</span>
              </label>
            ))}
            <FieldError>{errors.scopes}</FieldError>
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="api-key-limit">{t('form.dailyLimit')}</Label>
            <Input
              id="api-key-limit"
              inputMode="numeric"
              value={limit}
              onChange={(event) => setLimit(event.currentTarget.value)}
              aria-invalid={errors.dailyCreditLimit ? true : undefined}
              aria-describedby="api-key-limit-hint"
              data-testid="api-key-limit"
            />
            <FieldHint id="api-key-limit-hint" className="text-xs">
              {t('form.dailyLimitHint')}
            </FieldHint>
            <FieldError>{errors.dailyCreditLimit}</FieldError>
          </div>
          <Button
            type="submit"
            className="w-full sm:w-fit"
            disabled={create.isPending}
            data-testid="api-key-create"
          >
            {create.isPending ? t('form.submitting') : t('form.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
