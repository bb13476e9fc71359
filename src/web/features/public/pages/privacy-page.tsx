import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RETENTION } from '#shared/catalogue';
import { useDocumentTitle } from '#web/lib/use-document-title';
import { LegalDocument, LegalList, LegalParagraph, type LegalSection } from '../components/legal-document';
import { SupportEmailLink } from '../components/support-email-link';
import { useFormatters } from '../lib/format';

type Translate = TFunction<'public'>;
type Count = (value: number) => string;

/** Who is responsible, what is collected, what for, and who it is shared with. */
function dataSections(t: Translate): LegalSection[] {
  return [
    {
      id: 'controlador',
      title: t('privacy.controller.title'),
      content: <LegalParagraph>{t('privacy.controller.body')}</LegalParagraph>,
    },
    {
      id: 'dados',
      title: t('privacy.data.title'),
      content: (
        <>
          <LegalParagraph className="font-medium">{t('privacy.data.accountIntro')}</LegalParagraph>
          <LegalList
            items={[
              t('privacy.data.fullName'),
              t('privacy.data.email'),
              t('privacy.data.password'),
              t('privacy.data.language'),
              t('privacy.data.timeZone'),
            ]}
          />
          <LegalParagraph>{t('privacy.data.content')}</LegalParagraph>
          <LegalParagraph>{t('privacy.data.payments')}</LegalParagraph>
          <LegalParagraph>{t('privacy.data.technical')}</LegalParagraph>
        </>
      ),
    },
    {
      id: 'finalidades',
      title: t('privacy.purposes.title'),
      content: (
        <>
          <LegalList
            items={[
              t('privacy.purposes.account'),
              t('privacy.purposes.videos'),
              t('privacy.purposes.billing'),
              t('privacy.purposes.support'),
              t('privacy.purposes.security'),
              t('privacy.purposes.improve'),
            ]}
          />
          <LegalParagraph className="font-medium">{t('privacy.purposes.noSale')}</LegalParagraph>
        </>
      ),
    },
    {
      id: 'compartilhamento',
      title: t('privacy.sharing.title'),
      content: (
        <>
          <LegalList
            items={[
              t('privacy.sharing.ai'),
              t('privacy.sharing.stripe'),
              t('privacy.sharing.infrastructure'),
              t('privacy.sharing.authorities'),
            ]}
          />
          <LegalParagraph>{t('privacy.sharing.transfer')}</LegalParagraph>
        </>
      ),
    },
  ];
}

/** How long each thing is kept, the holder's rights (LGPD), security, cookies, minors, changes and contact. */
function rightsSections(t: Translate, n: Count): LegalSection[] {
  return [
    {
      id: 'retencao',
      title: t('privacy.retention.title'),
      content: (
        <LegalList
          items={[
            t('privacy.retention.videos', { years: n(RETENTION.videoHistoryYears) }),
            t('privacy.retention.logs', { days: n(RETENTION.systemLogsDays) }),
            t('privacy.retention.payments', { years: n(RETENTION.paymentDataYears) }),
            t('privacy.retention.account'),
          ]}
        />
      ),
    },
    {
      id: 'direitos',
      title: t('privacy.rights.title'),
      content: (
        <>
          <LegalParagraph>{t('privacy.rights.intro')}</LegalParagraph>
          <LegalList
            items={[
              t('privacy.rights.access'),
              t('privacy.rights.correct'),
              t('privacy.rights.anonymize'),
              t('privacy.rights.portability'),
              t('privacy.rights.delete'),
              t('privacy.rights.sharing'),
              t('privacy.rights.revoke'),
            ]}
          />
          <LegalParagraph>
            {t('privacy.rights.howTo', { days: n(RETENTION.dataRightsResponseDays) })}
          </LegalParagraph>
        </>
      ),
    },
    {
      id: 'seguranca',
      title: t('privacy.security.title'),
      content: (
        <LegalParagraph>
          {t('privacy.security.body', { hours: n(RETENTION.breachNotificationHours) })}
        </LegalParagraph>
      ),
    },
    {
      id: 'cookies',
      title: t('privacy.cookies.title'),
      content: <LegalParagraph>{t('privacy.cookies.body')}</LegalParagraph>,
    },
    {
      id: 'menores',
      title: t('privacy.minors.title'),
      content: <LegalParagraph>{t('privacy.minors.body', { age: n(RETENTION.minimumAge) })}</LegalParagraph>,
    },
    {
      id: 'alteracoes',
      title: t('privacy.changes.title'),
      content: <LegalParagraph>{t('privacy.changes.body')}</LegalParagraph>,
    },
    {
      id: 'contato',
      title: t('privacy.contact.title'),
      content: (
        <>
          <LegalParagraph>
            {t('privacy.contact.body', {
              hours: n(RETENTION.supportReplyHours),
              days: n(RETENTION.dataRightsResponseDays),
            })}
          </LegalParagraph>
          <p>
            <SupportEmailLink />
          </p>
        </>
      ),
    },
  ];
}

/** `/privacy`: Política de Privacidade (LGPD), with every retention figure from the catalogue. */
export default function PrivacyPage() {
  const { t } = useTranslation('public');
  const { n } = useFormatters();
  useDocumentTitle(t('privacy.documentTitle'));

  const sections = [...dataSections(t), ...rightsSections(t, n)];

  return <LegalDocument title={t('privacy.title')} intro={t('privacy.intro')} sections={sections} />;
}
