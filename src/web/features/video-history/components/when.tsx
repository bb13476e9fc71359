import { formatDateTime } from '#shared/format';
import { currentLanguage } from '#web/lib/language';
import { localizedRelativeTime } from '#web/lib/relative-time';

/** When an item of the history was asked for: dd/MM/yyyy HH:mm in the user's zone, and how long ago. */
export function When({ iso, timeZone, now }: { iso: string; timeZone: string; now: Date }) {
  const date = new Date(iso);
  const absolute = formatDateTime(date, timeZone);
  return (
    <time dateTime={iso} title={absolute} className="flex flex-col">
      <span className="tabular-nums">{absolute}</span>
      <span className="text-xs text-muted-foreground">
        {localizedRelativeTime(date, now, timeZone, currentLanguage())}
      </span>
    </time>
  );
}
