import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn';

/** A soft warning/info box with an icon, a title and a body (announced politely when it appears). */
export function Notice({
  icon: Icon,
  title,
  children,
  tone = 'warning',
  action,
  testId,
  id,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  tone?: 'warning' | 'destructive' | 'info';
  action?: ReactNode;
  testId?: string;
  id?: string;
}) {
  return (
    <div
      id={id}
      role="status"
      data-testid={testId}
      className={cn(
        'flex flex-col gap-3 rounded-(--radius-card) border p-4 sm:flex-row sm:items-start sm:justify-between',
        tone === 'warning' && 'border-warning/30 bg-warning-soft',
        tone === 'destructive' && 'border-destructive/30 bg-destructive-soft',
        tone === 'info' && 'border-primary/20 bg-primary-soft',
      )}
    >
      <div className="flex items-start gap-3">
        <Icon
          aria-hidden="true"
          className={cn(
            'mt-0.5 size-5 shrink-0',
            tone === 'warning' && 'text-warning',
            tone === 'destructive' && 'text-destructive',
            tone === 'info' && 'text-primary',
          )}
        />
        <div className="flex flex-col gap-0.5">
          <p className="font-semibold">{title}</p>
          <div className="text-sm text-muted-foreground">{children}</div>
        </div>
      </div>
      {action ? <div className="shrink-0 sm:self-center">{action}</div> : null}
    </div>
  );
}
