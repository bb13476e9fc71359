import type { ReactNode } from 'react';
import { When } from './when';

/** A history item's card under 768 px, request or story alike: when and status first, then what the item holds. */
export function HistoryCardFrame(props: {
  id: string;
  createdAt: string;
  timeZone: string;
  now: Date;
  status: ReactNode;
  children: ReactNode;
}) {
  return (
    <li
      className="flex flex-col gap-3 rounded-(--radius-card) border border-border bg-card p-4 shadow-xs"
      data-testid="history-card"
      data-id={props.id}
    >
      <div className="flex items-start justify-between gap-3 text-sm">
        <When iso={props.createdAt} timeZone={props.timeZone} now={props.now} />
        {props.status}
      </div>
      {props.children}
    </li>
  );
}
