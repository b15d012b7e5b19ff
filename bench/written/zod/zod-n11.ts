const UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/** "2.5 MB" for file-size issue messages (decimal units, as browsers show them). */
export function formatFileSize(bytes: number, fractionDigits = 1): string {
  if (!Number.isFinite(bytes) || bytes < 0) return `${bytes} B`;
  let size = bytes;
  let unit = 0;
  while (size >= 1000 && unit < UNITS.length - 1) {
    size /= 1000;
    unit++;
  }
  const text = unit === 0 ? String(size) : size.toFixed(fractionDigits).replace(/\.0+$/, "");
  return `${text} ${UNITS[unit]}`;
}
