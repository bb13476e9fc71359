import { ChevronDown } from 'lucide-react';
import type { FaqItem } from '../../faq';

/**
 * A few FAQ items as native single-open <details>: they work without JavaScript, which the static landing page
 * (ADR 0004) does not run for them. Styled like ui/accordion.
 */
export function FaqDisclosureList({ items, name }: { items: readonly FaqItem[]; name: string }) {
  return (
    <div className="divide-y divide-border border-y border-border">
      {items.map((item) => (
        <details key={item.id} name={name} className="group">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-md py-4 text-left text-base font-medium transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
            {item.question}
            <ChevronDown
              aria-hidden="true"
              className="mt-0.5 size-5 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180"
            />
          </summary>
          <p className="pb-4 text-sm leading-relaxed whitespace-pre-line text-muted-foreground">
            {item.answer}
          </p>
        </details>
      ))}
    </div>
  );
}
