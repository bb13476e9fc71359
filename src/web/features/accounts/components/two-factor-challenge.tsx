import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/input';
import { toast } from '#web/components/ui/toaster';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { authErrorMessage } from '../lib/auth-errors';
import { type CodeForm, codeFormSchema } from '../lib/form-schemas';
import { HookFormField, refuseField } from './form-field';

/** Second step of a sign-in with two-factor on: the authenticator code, or a backup code. */
export function TwoFactorChallenge({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('accounts');
  const verify = useVerifyTwoFactor();
  const [method, setMethod] = useState<'totp' | 'backup'>('totp');
  const schema = useMemo(() => codeFormSchema(t('twoFactor.codeRequired')), [t]);
  const form = useForm<CodeForm, unknown, { code: string }>({
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  });
  const { setFocus } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus the code field whenever the method changes
  useEffect(() => setFocus('code'), [method, setFocus]);

  const onSubmit = async ({ code }: { code: string }) => {
    try {
      await verify.mutateAsync({ method, code });
      toast.success(t('login.success'), { description: t('login.successDescription') });
    } catch (failure) {
      refuseField(form, 'code', t('login.error'), authErrorMessage(failure, t, t('login.errorFallback')));
    }
  };

  const switchMethod = () => {
    setMethod((value) => (value === 'totp' ? 'backup' : 'totp'));
    form.reset();
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      className="flex flex-col gap-4"
      data-testid="two-factor-step"
    >
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <ShieldCheck aria-hidden="true" className="size-5" />
        </span>
        <div className="flex flex-col gap-1">
          <h2 className="font-semibold">{t('twoFactor.title')}</h2>
          <p className="text-sm text-muted-foreground">
            {method === 'totp' ? t('twoFactor.totpDescription') : t('twoFactor.backupDescription')}
          </p>
        </div>
      </div>
      <HookFormField
        control={form.control}
        name="code"
        label={method === 'totp' ? t('twoFactor.totpLabel') : t('twoFactor.backupLabel')}
      >
        {(wiring, { value, onChange, onBlur, ref }) => (
          <Input
            {...wiring}
            ref={ref}
            name="code"
            autoComplete="one-time-code"
            inputMode={method === 'totp' ? 'numeric' : 'text'}
            maxLength={method === 'totp' ? 6 : 32}
            className="font-mono tracking-widest"
            value={value}
            onBlur={onBlur}
            onChange={(event) =>
              onChange(method === 'totp' ? event.target.value.replace(/\D/g, '') : event.target.value)
            }
          />
        )}
      </HookFormField>
      <Button type="submit" size="lg" className="w-full" loading={form.formState.isSubmitting}>
        {t('twoFactor.verify')}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="link" size="sm" onClick={switchMethod} disabled={verify.isPending}>
          {method === 'totp' ? t('twoFactor.useBackup') : t('twoFactor.useTotp')}
        </Button>
        <Button variant="link" size="sm" onClick={onCancel} disabled={verify.isPending}>
          {t('twoFactor.back')}
        </Button>
      </div>
    </form>
  );
}
