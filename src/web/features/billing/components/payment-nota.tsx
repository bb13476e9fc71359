import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Transaction } from '#shared/billing';
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
      {nota.url || nota.xmlUrl ? (
        <p className="flex flex-wrap gap-x-4 gap-y-1 pl-5.5">
          {nota.url ? (
            <NotaLink
              href={nota.url}
              label={t('history.nota.pdfLabel', { description })}
              testId="transaction-nota-pdf"
            >
              {t('history.nota.pdf')}
            </NotaLink>
          ) : null}
          {nota.xmlUrl ? (
            <NotaLink
              href={nota.xmlUrl}
              label={t('history.nota.xmlLabel', { description })}
              testId="transaction-nota-xml"
            >
              {t('history.nota.xml')}
            </NotaLink>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

/** One of the nota's files, opened in a new tab (the emitter's page), named with the purchase for screen readers. */
function NotaLink({
  href,
  label,
  testId,
  children,
}: {
  href: string;
  label: string;
  testId: string;
  children: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-9 items-center underline underline-offset-4"
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </a>
  );
}
