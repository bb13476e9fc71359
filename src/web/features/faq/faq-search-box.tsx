import { Search, X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Input, Label } from '#web/components/ui/input';

/**
 * The FAQ's search field with its clear button, shared by the help center (a controlled React input) and the static
 * /faq page (wired by the faq-search island through `data-faq-query` / `data-faq-clear`).
 */
export function FaqSearchBox({
  inputId,
  clearHidden,
  onClear,
  inputProps,
}: {
  inputId: string;
  clearHidden: boolean;
  onClear?: () => void;
  inputProps?: ComponentProps<typeof Input> & { 'data-faq-query'?: boolean };
}) {
  const { t } = useTranslation('faq');
  return (
    <>
      <Label htmlFor={inputId} className="sr-only">
        {t('search.label')}
      </Label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-5 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={inputId}
          type="search"
          data-testid="faq-search"
          placeholder={t('search.placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          className="h-12 rounded-xl pr-12 pl-11 [&::-webkit-search-cancel-button]:hidden"
          {...inputProps}
        />
        <button
          type="button"
          hidden={clearHidden}
          onClick={onClear}
          data-faq-clear
          aria-label={t('search.clear')}
          className="absolute top-1/2 right-1.5 flex size-9 -translate-y-1/2 cursor-pointer items-center justify-center rounded-lg text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </>
  );
}
