import { Search, UserRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldHint, Input, Label } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { cn } from '#web/lib/cn';
import { USER_SEARCH_MIN_CHARS, useUserSearch } from '../api/users';
import { formatAdminDate } from '../lib/format';
import { useDebouncedValue } from '../lib/use-debounced-value';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * Search accounts by the start of their e-mail (GET /api/admin/users?email=, debounced, at least 2 characters);
 * each result is a button that selects the account for the detail below.
 */
export function UserSearch({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { t } = useTranslation('admin');
  const inputId = useId();
  const hintId = useId();
  const resultsId = useId();
  const [text, setText] = useState('');
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const active = debounced.length >= USER_SEARCH_MIN_CHARS;
  const search = useUserSearch(debounced);
  const items = active ? search.data : undefined;
  const pending = text.trim() !== debounced || (active && search.isFetching);

  return (
    <div className="flex flex-col gap-3" data-testid="user-search">
      <div className="flex flex-col gap-2">
        <Label htmlFor={inputId}>{t('users.searchLabel')}</Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={inputId}
            type="search"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            className="pr-9 pl-9"
            placeholder={t('users.searchPlaceholder')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={hintId}
            aria-controls={resultsId}
            data-testid="user-search-input"
          />
          {pending && text.trim().length >= USER_SEARCH_MIN_CHARS ? (
            <Spinner
              size="sm"
              label={t('users.searching')}
              className="absolute top-1/2 right-3 -translate-y-1/2"
            />
          ) : null}
        </div>
        <FieldHint id={hintId}>{t('users.searchHint')}</FieldHint>
      </div>
      <div id={resultsId} aria-live="polite">
        {!active ? null : search.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t('users.searchError')}
          </p>
        ) : items && items.length === 0 && !pending ? (
          <p className="text-sm text-muted-foreground" data-testid="user-search-empty">
            {t('users.noResults')}
          </p>
        ) : items && items.length > 0 ? (
          <ul
            aria-label={t('users.results')}
            className="flex flex-col gap-1"
            data-testid="user-search-results"
          >
            {items.map((user) => {
              const selected = user.id === selectedId;
              return (
                <li key={user.id}>
                  <button
                    type="button"
                    onClick={() => onSelect(user.id)}
                    aria-pressed={selected}
                    aria-label={t('users.select', { email: user.email })}
                    className={cn(
                      'flex w-full cursor-pointer items-center gap-3 rounded-lg border px-3 py-2 text-left transition-colors',
                      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                      selected ? 'border-primary bg-accent' : 'border-border bg-card hover:bg-accent',
                    )}
                    data-testid="user-search-result"
                    data-email={user.email}
                  >
                    <UserRound aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                    <span className="flex min-w-0 flex-col">
                      <span className="truncate text-sm font-medium">{user.email}</span>
                      <span className="truncate text-xs text-muted-foreground">
                        {user.name ? `${user.name} · ` : ''}
                        {t('users.since', { date: formatAdminDate(user.createdAt) })}
                      </span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
