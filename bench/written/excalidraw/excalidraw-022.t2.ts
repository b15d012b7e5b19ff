const UNITS = [
  { value: 1e9, symbol: "G" },
  { value: 1e6, symbol: "M" },
  { value: 1e3, symbol: "k" },
];

const TRAILING_ZEROS = /\.0+$|(\.[0-9]*[1-9])0+$/;

export function formatShortNumber(num: number, digits: number): string {
  const unit = UNITS.find(({ value }) => num >= value) ?? { value: 1, symbol: "b" };
  return (num / unit.value).toFixed(digits).replace(TRAILING_ZEROS, "$1") + unit.symbol;
}
