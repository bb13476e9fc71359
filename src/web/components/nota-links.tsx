import { cn } from '#web/lib/cn';

/** What one of a nota's files says: the visible word and the name screen readers hear (it names the purchase). */
export interface NotaFileText {
  text: string;
  label: string;
  testId: string;
}

/**
 * A nota fiscal's PDF and XML (ADR 0041), each opened in a new tab on the emitter's page — the same links in the
 * buyer's payment history and the admin panel's notas, so they keep one target, one `rel` and one touch height.
 * Nothing is drawn when the emitter has given neither file yet.
 */
export function NotaLinks({
  url,
  xmlUrl,
  pdf,
  xml,
  className,
}: {
  url: string | null | undefined;
  xmlUrl: string | null | undefined;
  pdf: NotaFileText;
  xml: NotaFileText;
  className?: string;
}) {
  if (!url && !xmlUrl) return null;
  return (
    <p className={cn('flex flex-wrap gap-x-4 gap-y-1', className)}>
      {url ? <NotaLink href={url} file={pdf} /> : null}
      {xmlUrl ? <NotaLink href={xmlUrl} file={xml} /> : null}
    </p>
  );
}

function NotaLink({ href, file }: { href: string; file: NotaFileText }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-9 items-center underline underline-offset-4"
      aria-label={file.label}
      data-testid={file.testId}
    >
      {file.text}
    </a>
  );
}
