import { Download } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryQuery } from '#shared/history-filters';
import { zonedDay } from '#shared/time';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toaster';
import { downloadHistoryCsv } from '../api/history';

/** 'Exportar CSV': every request of the current filters (all pages), named by the user's day. */
export function ExportCsvButton({
  query,
  timeZone,
  disabled,
}: {
  query: HistoryQuery;
  timeZone: string;
  disabled: boolean;
}) {
  const { t } = useTranslation('videoHistory');
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      const { page: _page, ...filters } = query;
      await downloadHistoryCsv(filters, `historico-videos-${zonedDay(new Date(), timeZone)}.csv`);
      toast.success(t('exported'));
    } catch {
      toast.error(t('exportError'));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button
      variant="outline"
      loading={exporting}
      disabled={disabled}
      onClick={() => void exportCsv()}
      className="w-full sm:w-fit"
      data-testid="export-csv"
    >
      {exporting ? null : <Download aria-hidden="true" />}
      {t('exportCsv')}
    </Button>
  );
}
