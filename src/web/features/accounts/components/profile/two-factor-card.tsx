import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy, ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { renderSVG } from 'uqr';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { toast } from '#web/components/ui/toaster';
import type { Me } from '../../api/me';
import {
  type TwoFactorEnrolment,
  useConfirmTwoFactor,
  useDisableTwoFactor,
  useEnableTwoFactor,
  useGenerateBackupCodes,
} from '../../api/two-factor';
import { authErrorMessage } from '../../lib/auth-errors';
import { type CodeForm, codeFormSchema, type PasswordForm, passwordFormSchema } from '../../lib/form-schemas';
import { groupSecret, totpSecret } from '../../lib/validation';
import { refuseField } from '../form-field';
import { PasswordField } from '../password-field';
import { TotpCodeField } from '../totp-code-field';

type Step =
  | { kind: 'idle' }
  | { kind: 'password'; action: 'enable' | 'disable' | 'regenerate' }
  | { kind: 'scan'; enrolment: TwoFactorEnrolment }
  | { kind: 'codes'; codes: string[] };

/** Asks the password before enabling, disabling or regenerating backup codes. */
function PasswordStep({
  action,
  onDone,
  onCancel,
}: {
  action: 'enable' | 'disable' | 'regenerate';
  onDone: (step: Step) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('accounts');
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useGenerateBackupCodes();
  const schema = useMemo(() => passwordFormSchema(t('profile.twoFactor.passwordRequired')), [t]);
  const form = useForm<PasswordForm>({ resolver: zodResolver(schema), defaultValues: { password: '' } });
  const { setFocus } = form;
  const pending = enable.isPending || disable.isPending || regenerate.isPending;

  useEffect(() => setFocus('password'), [setFocus]);

  const titles = {
    enable: t('profile.twoFactor.enableTitle'),
    disable: t('profile.twoFactor.disableTitle'),
    regenerate: t('profile.twoFactor.regenerateTitle'),
  } as const;

  const onSubmit = async ({ password }: PasswordForm) => {
    try {
      if (action === 'enable') {
        onDone({ kind: 'scan', enrolment: await enable.mutateAsync({ password }) });
      } else if (action === 'disable') {
        await disable.mutateAsync({ password });
        toast.success(t('profile.twoFactor.disabled'));
        onDone({ kind: 'idle' });
      } else {
        onDone({ kind: 'codes', codes: await regenerate.mutateAsync({ password }) });
        toast.success(t('profile.twoFactor.regenerated'));
      }
    } catch (failure) {
      const title = t('profile.twoFactor.error');
      refuseField(form, 'password', title, authErrorMessage(failure, t, title));
    }
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      className="flex flex-col gap-4 rounded-lg border border-border p-4"
    >
      <div className="flex flex-col gap-1">
        <h4 className="font-semibold">{titles[action]}</h4>
        {action === 'disable' ? (
          <p className="text-sm text-muted-foreground">{t('profile.twoFactor.disableBody')}</p>
        ) : null}
        {action === 'regenerate' ? (
          <p className="text-sm text-muted-foreground">{t('profile.twoFactor.regenerateBody')}</p>
        ) : null}
      </div>
      <PasswordField
        control={form.control}
        name="password"
        inputName="password"
        autoComplete="current-password"
        label={t('profile.twoFactor.passwordLabel')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          {t('profile.twoFactor.cancel')}
        </Button>
        <Button type="submit" variant={action === 'disable' ? 'destructive' : 'primary'} loading={pending}>
          {action === 'disable' ? t('profile.twoFactor.disable') : t('profile.twoFactor.continue')}
        </Button>
      </div>
    </form>
  );
}

/** The QR code (uqr SVG as an image), the secret for manual entry, and the code that confirms enrolment. */
function ScanStep({
  enrolment,
  onDone,
  onCancel,
}: {
  enrolment: TwoFactorEnrolment;
  onDone: (step: Step) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('accounts');
  const confirm = useConfirmTwoFactor();
  const schema = useMemo(() => codeFormSchema(t('profile.twoFactor.codeRequired')), [t]);
  const form = useForm<CodeForm, unknown, { code: string }>({
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  });
  const qr = useMemo(
    () =>
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(enrolment.totpURI, { border: 2 }))}`,
    [enrolment.totpURI],
  );
  const secret = totpSecret(enrolment.totpURI);

  const onSubmit = async ({ code }: { code: string }) => {
    try {
      await confirm.mutateAsync({ code });
      toast.success(t('profile.twoFactor.enabled'));
      onDone({ kind: 'codes', codes: enrolment.backupCodes });
    } catch (failure) {
      const title = t('profile.twoFactor.error');
      refuseField(form, 'code', title, authErrorMessage(failure, t, title));
    }
  };

  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      className="flex flex-col gap-4 rounded-lg border border-border p-4"
      data-testid="two-factor-scan"
    >
      <div className="flex flex-col gap-1">
        <h4 className="font-semibold">{t('profile.twoFactor.scanTitle')}</h4>
        <p className="text-sm text-muted-foreground">{t('profile.twoFactor.scanBody')}</p>
      </div>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img
          src={qr}
          alt={t('profile.twoFactor.qrLabel')}
          width={176}
          height={176}
          className="size-44 shrink-0 rounded-lg border border-border bg-white [image-rendering:pixelated]"
        />
        <div className="flex w-full min-w-0 flex-col gap-2">
          <p className="text-sm font-medium">{t('profile.twoFactor.secretLabel')}</p>
          <code
            data-testid="totp-secret"
            data-secret={secret}
            className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all select-all"
          >
            {groupSecret(secret)}
          </code>
        </div>
      </div>
      <TotpCodeField
        control={form.control}
        name="code"
        inputName="code"
        inputClassName="max-w-44"
        label={t('profile.twoFactor.codeLabel')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={confirm.isPending}>
          {t('profile.twoFactor.cancel')}
        </Button>
        <Button type="submit" loading={form.formState.isSubmitting}>
          {t('profile.twoFactor.verify')}
        </Button>
      </div>
    </form>
  );
}

/** Backup codes, shown once, with a copy button. */
function CodesStep({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => headingRef.current?.focus(), []);

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopied(true);
      toast.success(t('profile.twoFactor.copied'));
    } catch {
      toast.error(t('profile.twoFactor.copyFailed'));
    }
  };

  return (
    <div className="flex flex-col gap-4 rounded-lg border border-border p-4" data-testid="backup-codes">
      <div className="flex flex-col gap-1">
        <h4 ref={headingRef} tabIndex={-1} className="font-semibold focus:outline-none">
          {t('profile.twoFactor.backupTitle')}
        </h4>
        <p className="text-sm text-muted-foreground">{t('profile.twoFactor.backupBody')}</p>
      </div>
      <ul className="grid grid-cols-2 gap-2 rounded-md bg-muted p-3 font-mono text-sm sm:grid-cols-3">
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCopy}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {t('profile.twoFactor.copyCodes')}
        </Button>
        <Button onClick={onDone}>{t('profile.twoFactor.done')}</Button>
      </div>
    </div>
  );
}

/** Two-factor in the security section: enable (QR + verify + backup codes), disable, regenerate backup codes. */
export function TwoFactorCard({ me }: { me: Me }) {
  const { t } = useTranslation('accounts');
  const titleId = useId();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const enabled = me.user.twoFactorEnabled;
  const idle = () => setStep({ kind: 'idle' });

  return (
    <Card aria-labelledby={titleId} data-testid="two-factor-card">
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle as="h3" id={titleId}>
            {t('profile.twoFactor.title')}
          </CardTitle>
          <CardDescription>{t('profile.twoFactor.description')}</CardDescription>
        </div>
        <Badge variant={enabled ? 'success' : 'outline'} data-testid="two-factor-status">
          {enabled ? <ShieldCheck aria-hidden="true" /> : <ShieldOff aria-hidden="true" />}
          {enabled ? t('profile.twoFactor.on') : t('profile.twoFactor.off')}
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {step.kind === 'idle' ? (
          <div className="flex flex-col gap-2 sm:flex-row">
            {enabled ? (
              <>
                <Button variant="outline" onClick={() => setStep({ kind: 'password', action: 'regenerate' })}>
                  {t('profile.twoFactor.regenerate')}
                </Button>
                <Button
                  variant="outline"
                  className="text-destructive"
                  onClick={() => setStep({ kind: 'password', action: 'disable' })}
                >
                  {t('profile.twoFactor.disable')}
                </Button>
              </>
            ) : (
              <Button onClick={() => setStep({ kind: 'password', action: 'enable' })}>
                <ShieldCheck aria-hidden="true" />
                {t('profile.twoFactor.enable')}
              </Button>
            )}
          </div>
        ) : null}
        {step.kind === 'password' ? (
          <PasswordStep key={step.action} action={step.action} onDone={setStep} onCancel={idle} />
        ) : null}
        {step.kind === 'scan' ? (
          <ScanStep enrolment={step.enrolment} onDone={setStep} onCancel={idle} />
        ) : null}
        {step.kind === 'codes' ? <CodesStep codes={step.codes} onDone={idle} /> : null}
      </CardContent>
    </Card>
  );
}
