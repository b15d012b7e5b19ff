const pad2 = (n: number) => String(n).padStart(2, "0");

let fixedDateTime: string | null = null;

export const setFixedDateTime = (value: string | null) => {
  fixedDateTime = value;
};

export function getFileDateTime(): string {
  if (fixedDateTime) return fixedDateTime;
  const now = new Date();
  const date = [now.getFullYear(), pad2(now.getMonth() + 1), pad2(now.getDate())].join("-");
  return `${date}-${pad2(now.getHours())}${pad2(now.getMinutes())}`;
}
