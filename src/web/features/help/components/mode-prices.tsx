import { useTranslation } from 'react-i18next';
import { modeFigures, quotedLengths } from '#shared/mode-figures';
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#web/components/ui/table';

/**
 * 'Modos e preços': each mode's resolution and its credits at the default and the longest length, derived from the
 * catalogue (src/shared/mode-figures.ts, ADR 0036), never written in the texts.
 */
export function ModePrices() {
  const { t } = useTranslation('help');
  const lengths = quotedLengths();
  return (
    <section
      aria-labelledby="help-mode-prices"
      className="flex flex-col gap-2"
      data-testid="help-mode-prices"
    >
      <h3 id="help-mode-prices" className="text-lg font-semibold">
        {t('modePrices.title')}
      </h3>
      <Table>
        <TableCaption>{t('modePrices.caption')}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead>{t('modePrices.mode')}</TableHead>
            {lengths.map((seconds) => (
              <TableHead key={seconds}>{t('modePrices.length', { seconds })}</TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {modeFigures(0).map(({ quality, resolution, lengths: figures }) => (
            <TableRow key={quality}>
              <TableHead scope="row">
                {t('modePrices.modeName', { mode: t(`modePrices.modes.${quality}`), resolution })}
              </TableHead>
              {figures.map(({ seconds, credits }) => (
                <TableCell key={seconds}>{t('modePrices.credits', { count: credits })}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}
