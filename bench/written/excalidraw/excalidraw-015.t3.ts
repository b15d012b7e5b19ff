/** Local "YYYY-MM-DD-HHmm" stamp used in default export file names. */
export const exportFileStamp = (): string => {
  const d = new Date();
  const parts: Record<string, number> = {
    month: d.getMonth() + 1,
    day: d.getDate(),
    hours: d.getHours(),
    minutes: d.getMinutes(),
  };
  const two = (key: string) => (parts[key] < 10 ? `0${parts[key]}` : `${parts[key]}`);
  return `${d.getFullYear()}-${two("month")}-${two("day")}-${two("hours")}${two("minutes")}`;
};
