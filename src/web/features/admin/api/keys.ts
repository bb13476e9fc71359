/** The admin panel's cache keys (all under `['admin']`; the guard's `['admin-check']` is separate). */
export const ADMIN_QUERY_KEY = ['admin'] as const;
export const ADMIN_STATS_KEY = [...ADMIN_QUERY_KEY, 'stats'] as const;
export const adminDailyKey = (days: number) => [...ADMIN_QUERY_KEY, 'daily', days] as const;
export const ADMIN_QUEUE_KEY = [...ADMIN_QUERY_KEY, 'queue'] as const;
export const ADMIN_FAILED_KEY = [...ADMIN_QUERY_KEY, 'failed-requests'] as const;
export const ADMIN_UNKNOWN_OUTCOMES_KEY = [...ADMIN_QUERY_KEY, 'unknown-outcomes'] as const;
export const adminUserSearchKey = (email: string) => [...ADMIN_QUERY_KEY, 'users', 'search', email] as const;
export const adminUserKey = (id: string) => [...ADMIN_QUERY_KEY, 'users', 'detail', id] as const;
export const ADMIN_TAKE_CHECKS_KEY = [...ADMIN_QUERY_KEY, 'take-checks'] as const;
export const adminNotasKey = (state: string) => [...ADMIN_QUERY_KEY, 'notas', state] as const;
export const adminPayoutsKey = (status: string) => [...ADMIN_QUERY_KEY, 'payouts', status] as const;
export const ADMIN_API_KEYS_KEY = [...ADMIN_QUERY_KEY, 'api-keys'] as const;
export const ADMIN_REPORTS_KEY = [...ADMIN_QUERY_KEY, 'reports'] as const;
export const ADMIN_PLATFORM_KEY = [...ADMIN_QUERY_KEY, 'platform'] as const;
