import { Mail } from 'lucide-react';
import { cn } from '#web/lib/cn';
import { usePublicConfig } from '#web/lib/public-config';

/** The support e-mail (from the runtime config, never hard-coded) as a mailto link. */
export function SupportEmailLink({ className }: { className?: string }) {
  const { supportEmail } = usePublicConfig();
  return (
    <a
      href={`mailto:${supportEmail}`}
      className={cn(
        'inline-flex items-center gap-2 rounded-sm font-medium break-all text-primary underline-offset-4 hover:underline',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        className,
      )}
    >
      <Mail aria-hidden="true" className="size-4 shrink-0" />
      {supportEmail}
    </a>
  );
}
