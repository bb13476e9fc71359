import { Clock, Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RETENTION } from '#shared/catalogue';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { usePublicConfig } from '#web/lib/public-config';

/** 'Contato': the support e-mail (runtime config) and the reply time. */
export function ContactPanel() {
  const { t } = useTranslation('help');
  const { supportEmail } = usePublicConfig();
  return (
    <Card className="max-w-xl" data-testid="help-contact">
      <CardHeader>
        <CardTitle as="h3">{t('contact.title')}</CardTitle>
        <CardDescription>{t('contact.body')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <a
          href={`mailto:${supportEmail}`}
          className="inline-flex w-fit items-center gap-2 rounded-sm font-medium break-all text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Mail aria-hidden="true" className="size-4 shrink-0" />
          {supportEmail}
        </a>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          {t('contact.reply', { hours: RETENTION.supportReplyHours })}
        </p>
      </CardContent>
    </Card>
  );
}
