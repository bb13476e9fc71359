import { DEFAULT_TIME_ZONE, formatDate, formatDateTime } from '#shared/format';

/** The admin panel reads every time in São Paulo (docs/admin-contract.md), whatever the admin's own zone. */
const ADMIN_TIME_ZONE = DEFAULT_TIME_ZONE;

/** ISO → dd/MM/yyyy HH:mm in America/Sao_Paulo. */
export const formatAdminDateTime = (iso: string): string => formatDateTime(new Date(iso), ADMIN_TIME_ZONE);

/** ISO → dd/MM/yyyy in America/Sao_Paulo. */
export const formatAdminDate = (iso: string): string => formatDate(new Date(iso), ADMIN_TIME_ZONE);

/** A São Paulo day 'yyyy-MM-dd' (already a calendar day: no zone maths) → dd/MM. */
export function formatDayMonth(day: string): string {
  const [, month = '', date = ''] = day.split('-');
  return `${date}/${month}`;
}
