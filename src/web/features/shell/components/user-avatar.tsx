import { cn } from '#web/lib/cn';

/** The first letter of the name, else of the e-mail (spec §2), upper-cased; '?' when both are empty. */
export function avatarInitial(name: string | null | undefined, email: string | null | undefined): string {
  const source = (name ?? '').trim() || (email ?? '').trim();
  const first = Array.from(source)[0];
  return first ? first.toLocaleUpperCase() : '?';
}

export function UserAvatar({
  name,
  email,
  className,
}: {
  name: string | null | undefined;
  email: string | null | undefined;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      data-testid="avatar-initial"
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground select-none',
        className,
      )}
    >
      {avatarInitial(name, email)}
    </span>
  );
}
