import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_DAYS } from '#shared/billing';
import {
  CREDIT_PACKAGES,
  MODE_RESOLUTION,
  PACKAGE_CREDIT_VALIDITY_DAYS,
  PLANS,
  planCreditsPerInvoice,
  REFUND_GRANT_VALIDITY_DAYS,
  RETENTION,
  VIDEO_COST_CREDITS,
  VIDEO_ESTIMATE_MINUTES,
  YEARLY_PERIOD_MONTHS,
} from '#shared/catalogue';
import { formatBRL } from '#shared/format';
import {
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#web/components/ui/table';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { LegalDocument, LegalList, LegalParagraph, type LegalSection } from '../components/legal-document';
import { ScrollTable } from '../components/scroll-table';
import { SupportEmailLink } from '../components/support-email-link';
import { useFormatters } from '../lib/format';

function PlansTable() {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  return (
    <ScrollTable label={t('terms.plans.caption')} tableClassName="min-w-[32rem]" data-testid="terms-plans">
      <TableCaption className="sr-only">{t('terms.plans.caption')}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead className="pl-4">{t('terms.plans.plan')}</TableHead>
          <TableHead className="text-right">{t('terms.plans.monthly')}</TableHead>
          <TableHead className="text-right">{t('terms.plans.yearly')}</TableHead>
          <TableHead className="text-right">{t('terms.plans.creditsMonthly')}</TableHead>
          <TableHead className="pr-4 text-right">{t('terms.plans.creditsYearly')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {PLANS.map((plan) => (
          <TableRow key={plan.id}>
            <TableHead scope="row" className="pl-4 font-medium text-foreground">
              {plan.name}
            </TableHead>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatBRL(plan.monthlyPriceCents)}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatBRL(plan.yearlyPriceCents)}
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {n(planCreditsPerInvoice(plan, 'monthly'))}
            </TableCell>
            <TableCell className="pr-4 text-right whitespace-nowrap tabular-nums">
              {n(planCreditsPerInvoice(plan, 'yearly'))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  );
}

function PackagesTable() {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  return (
    <ScrollTable label={t('terms.plans.packagesCaption')} data-testid="terms-packages">
      <TableCaption className="sr-only">{t('terms.plans.packagesCaption')}</TableCaption>
      <TableHeader>
        <TableRow>
          <TableHead className="pl-4">{t('terms.plans.package')}</TableHead>
          <TableHead className="text-right">{t('terms.plans.price')}</TableHead>
          <TableHead className="pr-4 text-right">{t('terms.plans.validity')}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {CREDIT_PACKAGES.map((pkg) => (
          <TableRow key={pkg.id}>
            <TableHead scope="row" className="pl-4 font-medium text-foreground">
              {t('terms.plans.packageCredits', { credits: n(pkg.credits) })}
            </TableHead>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatBRL(pkg.priceCents)}
            </TableCell>
            <TableCell className="pr-4 text-right">
              {t('terms.plans.packageValidity', { days: n(PACKAGE_CREDIT_VALIDITY_DAYS) })}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  );
}

type Translate = TFunction<'public'>;
type Count = (value: number) => string;

/** The service, who may use it, and the account. */
function serviceSections(t: Translate, n: Count, lengths: string): LegalSection[] {
  return [
    {
      id: 'servico',
      title: t('terms.service.title'),
      content: (
        <LegalParagraph>
          {t('terms.service.body', {
            seconds: lengths,
            fastResolution: MODE_RESOLUTION.fast,
            qualityResolution: MODE_RESOLUTION.quality,
            min: n(VIDEO_ESTIMATE_MINUTES.min),
            max: n(VIDEO_ESTIMATE_MINUTES.max),
          })}
        </LegalParagraph>
      ),
    },
    {
      id: 'elegibilidade',
      title: t('terms.eligibility.title'),
      content: (
        <LegalParagraph>{t('terms.eligibility.body', { age: n(RETENTION.minimumAge) })}</LegalParagraph>
      ),
    },
    {
      id: 'conta',
      title: t('terms.account.title'),
      content: <LegalParagraph>{t('terms.account.body')}</LegalParagraph>,
    },
  ];
}

/** Plans and packages with their prices (design §4), how credits are granted, kept and spent, and refunds. */
function moneySections(t: Translate, n: Count): LegalSection[] {
  const months = n(YEARLY_PERIOD_MONTHS);
  return [
    {
      id: 'planos',
      title: t('terms.plans.title'),
      content: (
        <>
          <LegalParagraph>{t('terms.plans.intro')}</LegalParagraph>
          <PlansTable />
          <LegalParagraph>{t('terms.plans.yearlyExplained', { months })}</LegalParagraph>
          <LegalParagraph>{t('terms.plans.packagesIntro')}</LegalParagraph>
          <PackagesTable />
          <LegalParagraph>{t('terms.plans.payment')}</LegalParagraph>
          <LegalParagraph>{t('terms.plans.changes')}</LegalParagraph>
          <LegalParagraph>{t('terms.plans.priceChanges')}</LegalParagraph>
        </>
      ),
    },
    {
      id: 'creditos',
      title: t('terms.credits.title'),
      content: (
        <>
          <LegalParagraph>
            {t('terms.credits.intro', {
              fast: n(VIDEO_COST_CREDITS.fast),
              quality: n(VIDEO_COST_CREDITS.quality),
            })}
          </LegalParagraph>
          <LegalList
            items={[
              t('terms.credits.monthly'),
              t('terms.credits.yearly', { months }),
              t('terms.credits.packages', { days: n(PACKAGE_CREDIT_VALIDITY_DAYS) }),
              t('terms.credits.rollover'),
            ]}
          />
          <LegalParagraph>{t('terms.credits.usage')}</LegalParagraph>
        </>
      ),
    },
    {
      id: 'reembolsos',
      title: t('terms.refunds.title'),
      content: (
        <>
          <LegalParagraph>{t('terms.refunds.body', { days: n(REFUND_GRANT_VALIDITY_DAYS) })}</LegalParagraph>
          <LegalParagraph>
            {t('terms.refunds.payments', { withdrawalDays: n(WITHDRAWAL_DAYS) })}
          </LegalParagraph>
        </>
      ),
    },
  ];
}

/** Acceptable use, moderation, the content's ownership, liability, changes, the governing law and contact. */
function conductSections(t: Translate, n: Count): LegalSection[] {
  return [
    {
      id: 'uso-aceitavel',
      title: t('terms.acceptableUse.title'),
      content: (
        <>
          <LegalParagraph>{t('terms.acceptableUse.intro')}</LegalParagraph>
          <LegalList
            items={[
              t('terms.acceptableUse.minors'),
              t('terms.acceptableUse.illegal'),
              t('terms.acceptableUse.deception'),
              t('terms.acceptableUse.rights'),
              t('terms.acceptableUse.explicit'),
            ]}
          />
          <LegalParagraph>{t('terms.acceptableUse.circumvent')}</LegalParagraph>
        </>
      ),
    },
    {
      id: 'moderacao',
      title: t('terms.moderation.title'),
      content: <LegalParagraph>{t('terms.moderation.body')}</LegalParagraph>,
    },
    {
      id: 'conteudo',
      title: t('terms.content.title'),
      content: <LegalParagraph>{t('terms.content.body')}</LegalParagraph>,
    },
    {
      id: 'responsabilidade',
      title: t('terms.liability.title'),
      content: <LegalParagraph>{t('terms.liability.body')}</LegalParagraph>,
    },
    {
      id: 'alteracoes',
      title: t('terms.changes.title'),
      content: <LegalParagraph>{t('terms.changes.body')}</LegalParagraph>,
    },
    {
      id: 'lei',
      title: t('terms.law.title'),
      content: <LegalParagraph>{t('terms.law.body')}</LegalParagraph>,
    },
    {
      id: 'contato',
      title: t('terms.contact.title'),
      content: (
        <>
          <LegalParagraph>
            {t('terms.contact.body', { hours: n(RETENTION.supportReplyHours) })}
          </LegalParagraph>
          <p>
            <SupportEmailLink />
          </p>
        </>
      ),
    },
  ];
}

/** `/terms`: Termos de Uso, with the BRL catalogue (design §4) and the credit rules. */
export default function TermsPage() {
  const { t } = useTranslation('public');
  const { n, lengths } = useFormatters();
  useDocumentTitle(t('terms.documentTitle'));

  const sections = [...serviceSections(t, n, lengths), ...moneySections(t, n), ...conductSections(t, n)];

  return <LegalDocument title={t('terms.title')} intro={t('terms.intro')} sections={sections} />;
}
