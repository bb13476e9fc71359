import type { VideoRequestListItem } from '#shared/history-list';

export type HistoryEntry =
  | { kind: 'single'; item: VideoRequestListItem }
  | { kind: 'variations'; groupId: string; count: number; items: VideoRequestListItem[] };

/**
 * The page's rows with each submit's variations gathered into one entry, in their order (1, 2, 3…), where the
 * first of them stands in the list. A submit's requests share their creation time, so they come together; a group
 * a page boundary splits shows the part on each page.
 */
export function groupVariations(items: readonly VideoRequestListItem[]): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  const groups = new Map<string, Extract<HistoryEntry, { kind: 'variations' }>>();
  for (const item of items) {
    if (!item.variation) {
      entries.push({ kind: 'single', item });
      continue;
    }
    let group = groups.get(item.variation.groupId);
    if (!group) {
      group = { kind: 'variations', groupId: item.variation.groupId, count: item.variation.count, items: [] };
      groups.set(item.variation.groupId, group);
      entries.push(group);
    }
    group.items.push(item);
  }
  for (const group of groups.values()) {
    group.items.sort((a, b) => (a.variation?.index ?? 0) - (b.variation?.index ?? 0));
  }
  return entries;
}
