const formatters = new Map<string, Intl.NumberFormat>();

/** Locale-aware percentage for the zoom indicator: 1.255 -> "126%" (en), "126 %" (fr). */
export const formatPercent = (ratio: number, locale: string, maximumFractionDigits = 0): string => {
  const key = `${locale}|${maximumFractionDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits });
    formatters.set(key, formatter);
  }
  return formatter.format(ratio);
};
