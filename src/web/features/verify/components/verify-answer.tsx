import { CircleAlert, CircleCheck, CircleHelp, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIME_ZONE, formatDateTime } from '#shared/format';
import type { VerifyAction, VerifyResult } from '#shared/provenance';
import { Badge } from '#web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';

const ICONS = { valid: CircleCheck, invalid: CircleAlert, none: CircleHelp } as const;
const TONES = { valid: 'text-success', invalid: 'text-destructive', none: 'text-muted-foreground' } as const;

function ActionLine({ action }: { action: VerifyAction }) {
  const { t } = useTranslation('verify');
  if (action.action === 'c2pa.created') return <li>{t('actions.created')}</li>;
  if (action.edit) return <li>{t(`edits.${action.edit}`)}</li>;
  if (action.action === 'c2pa.edited') return <li>{action.description ?? t('actions.edited')}</li>;
  return <li>{t('actions.other', { action: action.action })}</li>;
}

function Field({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="break-words font-medium">{value}</dd>
    </div>
  );
}

/**
 * When it was signed, dd/MM/yyyy HH:mm in Brasília, and who vouches for that time: a time-stamp authority, or only
 * the signer's clock (Cena's files: no authority is asked, ADR 0065) — a reader must not take one for the other.
 */
function SignedAt({ result }: { result: VerifyResult }) {
  const { t } = useTranslation('verify');
  if (!result.signedAt) return null;
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-sm text-muted-foreground">{t('fields.signedAt')}</dt>
      <dd className="font-medium tabular-nums" data-testid="verify-signed-at">
        {formatDateTime(new Date(result.signedAt), DEFAULT_TIME_ZONE)}
      </dd>
      {result.signedAtSource ? (
        <dd className="text-sm text-muted-foreground" data-testid="verify-time-source">
          {t(`timeSource.${result.signedAtSource}`)}
        </dd>
      ) : null}
    </div>
  );
}

/** The answer in plain pt-BR: the validation status first, then who, when, which model and what was done. */
export function VerifyAnswer({ result }: { result: VerifyResult }) {
  const { t } = useTranslation('verify');
  const Icon = ICONS[result.credentials];
  const explain =
    result.credentials === 'valid' ? (result.madeByCena ? 'validCena' : 'validOther') : result.credentials;
  return (
    <Card className="w-full" data-testid="verify-answer" aria-live="polite">
      <CardHeader>
        <CardTitle as="h2" className={`flex items-center gap-2 ${TONES[result.credentials]}`}>
          <Icon aria-hidden="true" className="size-6 shrink-0" />
          {t(`status.${result.credentials}`)}
        </CardTitle>
        <CardDescription>{t(`explain.${explain}`)}</CardDescription>
        {result.aiGenerated ? (
          <Badge variant="warning">
            <Sparkles aria-hidden="true" />
            {t('aiGenerated')}
          </Badge>
        ) : null}
      </CardHeader>
      {result.credentials === 'none' ? null : (
        <CardContent>
          <dl className="flex flex-col gap-3">
            <Field label={t('fields.signer')} value={result.signer} />
            <SignedAt result={result} />
            <Field label={t('fields.generator')} value={result.generator} />
            <Field label={t('fields.model')} value={result.model} />
            {result.actions.length > 0 ? (
              <div className="flex flex-col gap-0.5">
                <dt className="text-sm text-muted-foreground">{t('fields.actions')}</dt>
                <dd>
                  <ul className="list-disc pl-5">
                    {result.actions.map((action, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the manifest's actions, in its order, never reordered
                      <ActionLine key={index} action={action} />
                    ))}
                  </ul>
                </dd>
              </div>
            ) : null}
            <Field label={t('fields.failures')} value={result.failures.join(', ') || null} />
          </dl>
        </CardContent>
      )}
    </Card>
  );
}
