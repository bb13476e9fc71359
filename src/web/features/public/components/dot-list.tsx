import { cn } from '#web/lib/cn';

/** A list of short tips, each after a small primary-coloured dot. */
export function DotList({
  items,
  className,
  itemClassName = 'gap-2',
}: {
  items: readonly string[];
  className?: string;
  /** The gap between dot and text. */
  itemClassName?: string;
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={cn('flex', itemClassName)}>
          <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
