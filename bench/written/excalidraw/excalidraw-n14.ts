export type DateBucket = "today" | "yesterday" | "thisWeek" | "older";

const startOfDay = (time: number) => {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
};

/** Groups library items by when they were added, newest first inside each bucket. */
export const groupByAddedDate = <T extends { created: number }>(items: readonly T[], now = Date.now()) => {
  const today = startOfDay(now);
  const yesterday = today - 86_400_000;
  const weekAgo = today - 6 * 86_400_000;
  const buckets: Record<DateBucket, T[]> = { today: [], yesterday: [], thisWeek: [], older: [] };
  for (const item of [...items].sort((a, b) => b.created - a.created)) {
    if (item.created >= today) buckets.today.push(item);
    else if (item.created >= yesterday) buckets.yesterday.push(item);
    else if (item.created >= weekAgo) buckets.thisWeek.push(item);
    else buckets.older.push(item);
  }
  return buckets;
};
