import { useTranslation } from 'react-i18next';
import type { FailedRequestItem } from '#shared/admin';
import { type ListQueryProps, RequestList } from './request-list';

/**
 * Requests that failed in the last 24 h (GET /api/admin/failed-requests), newest first, with their error message.
 */
export function FailedRequests({ items, isError, retrying, onRetry }: ListQueryProps<FailedRequestItem>) {
  const { t } = useTranslation('admin');
  return (
    <RequestList
      testId="failed"
      detailName="error"
      title={t('failed.title')}
      empty={t('failed.empty')}
      loadError={t('failed.loadError')}
      rows={items?.map((item) => ({
        ...item,
        at: item.failedAt,
        atLabel: t('failed.time'),
        detail: item.errorMessage ?? t('failed.noMessage'),
        detailLabel: t('failed.error'),
        detailClassName: 'text-destructive',
      }))}
      isError={isError}
      retrying={retrying}
      onRetry={onRetry}
    />
  );
}
