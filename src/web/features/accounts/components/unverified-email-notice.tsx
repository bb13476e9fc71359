import { MailWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '#web/lib/public-config';

/** A sign-in refused because the e-mail is not confirmed yet: where the link went (and, in development, the mailbox). */
export function UnverifiedEmailNotice({ email }: { email: string }) {
  const { t } = useTranslation('accounts');
  const { devMailbox } = usePublicConfig();
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg border border-warning/30 bg-warning-soft p-3 text-sm text-foreground"
    >
      <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
      <div className="flex flex-col gap-1">
        <p className="font-medium">{t('login.notVerifiedTitle')}</p>
        <p className="text-muted-foreground">{t('login.notVerifiedBody', { email })}</p>
        {devMailbox ? (
          <a
            href="/dev/mailbox"
            target="_blank"
            rel="noreferrer"
            className="w-fit rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {t('login.devMailbox')}
          </a>
        ) : null}
      </div>
    </div>
  );
}
