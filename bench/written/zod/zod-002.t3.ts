export function makeUrlSlug(value: string): string {
  const words = value
    .trim()
    .toLowerCase()
    .split(/[\s_-]+/)
    .map((part) => part.replace(/[^\w-]/g, "").replace(/_/g, ""))
    .filter((part) => part.length > 0);
  return words.join("-").replace(/-{2,}/g, "-").replace(/^-|-$/g, "");
}
