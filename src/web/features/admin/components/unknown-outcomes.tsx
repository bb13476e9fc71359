import { useTranslation } from 'react-i18next';
import type { UnknownOutcomeItem } from '#shared/admin';
import { formatAdminDateTime } from '../lib/format';
import { type ListQueryProps, RequestList } from './request-list';

/**
 * Requests refunded without knowing whether Google accepted (and bills) their create (GET
 * /api/admin/unknown-outcomes, ADR 0015), newest first, with the project, model and send time to look up in
 * Google's billing.
 */
export function UnknownOutcomes({ items, isError, retrying, onRetry }: ListQueryProps<UnknownOutcomeItem>) {
  const { t } = useTranslation('admin');
  return (
    <RequestList
      testId="unknown-outcome"
      detailName="where"
      title={t('unknownOutcomes.title')}
      description={t('unknownOutcomes.description')}
      empty={t('unknownOutcomes.empty')}
      loadError={t('unknownOutcomes.loadError')}
      rows={items?.map((item) => ({
        ...item,
        at: item.recordedAt,
        atLabel: t('unknownOutcomes.recordedAt'),
        detail: t('unknownOutcomes.where', {
          project: item.project ?? '—',
          model: item.model ?? '—',
          sentAt: item.createSentAt ? formatAdminDateTime(item.createSentAt) : '—',
        }),
        detailLabel: t('unknownOutcomes.whereLabel'),
        detailClassName: 'text-muted-foreground',
      }))}
      isError={isError}
      retrying={retrying}
      onRetry={onRetry}
    />
  );
}
