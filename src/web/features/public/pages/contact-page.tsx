import { Clock, Mail, MessageCircleQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RETENTION } from '#shared/catalogue';
import { PageHeader } from '#web/components/page-header';
import { Button } from '#web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '#web/components/ui/card';
import { usePublicConfig } from '#web/lib/public-config';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { ArrowLink } from '../components/arrow-link';
import { DotList } from '../components/dot-list';
import { SupportEmailLink } from '../components/support-email-link';
import { useFormatters } from '../lib/format';

const TIPS = ['account', 'request', 'details'] as const;

/** `/contact`: the support e-mail (runtime config) and the reply time. */
export default function ContactPage() {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  const { supportEmail } = usePublicConfig();
  useDocumentTitle(t('contact.documentTitle'));
  const hours = n(RETENTION.supportReplyHours);

  return (
    <>
      <PageHeader title={t('contact.title')} subtitle={t('contact.subtitle', { hours })} />
      <div className="container-page grid max-w-5xl gap-6 py-10 sm:py-14 md:grid-cols-[1.2fr_1fr]">
        <Card>
          <CardHeader className="gap-3">
            <span className="flex size-12 items-center justify-center rounded-xl bg-primary-soft text-primary">
              <Mail aria-hidden="true" className="size-6" />
            </span>
            <CardTitle as="h2" className="text-xl">
              {t('contact.email.title')}
            </CardTitle>
            <CardDescription className="flex items-center gap-2">
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              {t('contact.email.body', { hours })}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <SupportEmailLink className="text-lg" />
          </CardContent>
          <CardFooter>
            <Button asChild size="lg" className="w-full sm:w-auto">
              <a href={`mailto:${supportEmail}`}>
                <Mail aria-hidden="true" />
                {t('contact.email.button')}
              </a>
            </Button>
          </CardFooter>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2" className="text-xl">
              {t('contact.tips.title')}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <DotList
              items={TIPS.map((tip) => t(`contact.tips.${tip}`))}
              className="flex flex-col gap-3 text-sm leading-relaxed"
              itemClassName="gap-2.5"
            />
          </CardContent>
        </Card>

        <section
          aria-labelledby="contact-faq-title"
          className="flex flex-col items-start gap-4 rounded-(--radius-card) bg-muted p-6 sm:flex-row sm:items-center md:col-span-2"
        >
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-card text-primary">
            <MessageCircleQuestion aria-hidden="true" className="size-6" />
          </span>
          <div className="flex flex-1 flex-col gap-1">
            <h2 id="contact-faq-title" className="font-semibold">
              {t('contact.faq.title')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('contact.faq.body')}</p>
          </div>
          <ArrowLink to="/faq" variant="outline">
            {t('contact.faq.button')}
          </ArrowLink>
        </section>
      </div>
    </>
  );
}
