import { useEffect, useState } from "react";

import { useI18n } from "../i18n";

const DIVISIONS: { amount: number; unit: Intl.RelativeTimeFormatUnit }[] = [
  { amount: 60, unit: "second" },
  { amount: 60, unit: "minute" },
  { amount: 24, unit: "hour" },
  { amount: 7, unit: "day" },
  { amount: 4.34524, unit: "week" },
  { amount: 12, unit: "month" },
  { amount: Number.POSITIVE_INFINITY, unit: "year" },
];

export const formatRelativeTime = (timestamp: number, locale: string, now = Date.now()) => {
  const formatter = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  let duration = (timestamp - now) / 1000;
  for (const division of DIVISIONS) {
    if (Math.abs(duration) < division.amount) {
      return formatter.format(Math.round(duration), division.unit);
    }
    duration /= division.amount;
  }
  return formatter.format(Math.round(duration), "year");
};

/** "2 minutes ago", refreshed every 30 s. */
export const RelativeTime = ({ timestamp }: { timestamp: number }) => {
  const { langCode } = useI18n();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 30_000);
    return () => window.clearInterval(id);
  }, []);
  return (
    <time dateTime={new Date(timestamp).toISOString()} title={new Date(timestamp).toLocaleString(langCode)}>
      {formatRelativeTime(timestamp, langCode, now)}
    </time>
  );
};
