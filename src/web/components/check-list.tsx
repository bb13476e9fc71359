import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn';

/** A list of short feature lines, each after a check mark (plan and credit-package cards). Pass the gap. */
export function CheckList({ items, className }: { items: readonly ReactNode[]; className?: string }) {
  return (
    <ul className={cn('flex flex-col text-sm', className)}>
      {items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of lines, never reordered
        <li key={index} className="flex items-start gap-2">
          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
