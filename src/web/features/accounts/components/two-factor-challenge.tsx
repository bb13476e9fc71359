import { ShieldCheck } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toaster';
import { useVerifyTwoFactor } from '../api/verify-two-factor';
import { authErrorMessage } from '../lib/auth-errors';
import { FormField } from './form-field';

/** Second step of a sign-in with two-factor on: the authenticator code, or a backup code. */
export function TwoFactorChallenge({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('accounts');
  const verify = useVerifyTwoFactor();
  const [method, setMethod] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus the code field whenever the method changes
  useEffect(() => inputRef.current?.focus(), [method]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = method === 'totp' ? code.replace(/\s/g, '') : code.trim();
    if (!value) {
      setError(t('twoFactor.codeRequired'));
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    try {
      await verify.mutateAsync({ method, code: value });
      toast.success(t('login.success'), { description: t('login.successDescription') });
    } catch (failure) {
      const message = authErrorMessage(failure, t, t('login.errorFallback'));
      setError(message);
      toast.error(t('login.error'), { description: message });
      inputRef.current?.select();
    }
  };

  const switchMethod = () => {
    setMethod((value) => (value === 'totp' ? 'backup' : 'totp'));
    setCode('');
    setError(undefined);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" data-testid="two-factor-step">
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
      <FormField
        label={method === 'totp' ? t('twoFactor.totpLabel') : t('twoFactor.backupLabel')}
        error={error}
      >
        {(control) => (
          <Input
            {...control}
            ref={inputRef}
            name="code"
            autoComplete="one-time-code"
            inputMode={method === 'totp' ? 'numeric' : 'text'}
            maxLength={method === 'totp' ? 6 : 32}
            className="font-mono tracking-widest"
            value={code}
            onChange={(event) =>
              setCode(method === 'totp' ? event.target.value.replace(/\D/g, '') : event.target.value)
            }
          />
        )}
      </FormField>
      <Button type="submit" size="lg" className="w-full" loading={verify.isPending}>
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
