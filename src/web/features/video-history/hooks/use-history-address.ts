import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type HistoryQuery, historySearchParams } from '#shared/history-filters';
import { useHistory } from '../api/history';
import type { FilterChange } from '../components/history-filter-fields';
import { DEFAULT_HISTORY_QUERY, parseHistoryParams } from '../lib/url-filters';

/**
 * The history the address bar asks for: filters and page in the URL through the shared schema (shareable, the back
 * button works), any filter change back to page 1, and a page past the end (items deleted, an old link) replaced
 * by the last page.
 */
export function useHistoryAddress() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseHistoryParams(params), [params]);
  const history = useHistory(query);

  const navigate = useCallback(
    (next: HistoryQuery) => setParams(historySearchParams(next), { preventScrollReset: true }),
    [setParams],
  );
  const onChange = useCallback(
    (change: FilterChange) => {
      // Build on the address bar, not this render's query: a change right after another (the search's debounce
      // firing, then a select) would otherwise bring back a filter the first one had just removed.
      const current = parseHistoryParams(new URLSearchParams(window.location.search));
      const next: HistoryQuery = { ...current, ...change, page: 1 };
      // Keep the range valid: moving one end past the other moves both.
      if (next.from && next.to && next.from > next.to) {
        if (change.from) next.to = next.from;
        else next.from = next.to;
      }
      navigate(next);
    },
    [navigate],
  );
  const onClear = useCallback(() => navigate(DEFAULT_HISTORY_QUERY), [navigate]);
  const onPage = (page: number) => {
    navigate({ ...query, page });
    window.scrollTo({ top: 0 });
  };

  const data = history.data;
  useEffect(() => {
    if (data && data.total > 0 && query.page > data.totalPages) {
      setParams(historySearchParams({ ...query, page: data.totalPages }), { replace: true });
    }
  }, [data, query, setParams]);

  return { query, history, onChange, onClear, onPage };
}
