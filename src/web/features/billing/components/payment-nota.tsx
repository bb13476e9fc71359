import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '#shared/billing';
import { NotaLinks } from '#web/components/nota-links';
import { cn } from '#web/lib/cn';

type Nota = NonNullable<Transaction['nota']>;

/**
 * A payment's nota fiscal in payment history (ADR 0041): its state in pt-BR, and once issued the PDF and XML the
 * emitter keeps, each in a new tab. A failed issue is the team's to fix (the admin panel retries it), so the buyer
 * reads that it is late and being handled, not an error to act on.
 */
export function PaymentNota({ nota, description }: { nota: Nota; description: string }) {
  const { t } = useTranslation('billing');
  return (
    <div className="flex flex-col gap-1 text-sm" data-testid="transaction-nota" data-state={nota.state}>
      <p
        className={cn(
          'flex items-start gap-1.5',
          nota.state === 'issued' ? 'text-foreground' : 'text-muted-foreground',
        )}
        data-testid="transaction-nota-state"
      >
        <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t(`history.nota.state.${nota.state}`)}
      </p>
      <NotaLinks
        url={nota.url}
        xmlUrl={nota.xmlUrl}
        className="pl-5.5"
        pdf={{
          text: t('history.nota.pdf'),
          label: t('history.nota.pdfLabel', { description }),
          testId: 'transaction-nota-pdf',
        }}
        xml={{
          text: t('history.nota.xml'),
          label: t('history.nota.xmlLabel', { description }),
          testId: 'transaction-nota-xml',
        }}
      />
    </div>
  );
}
