const NON_WORD = /[^\w\s-]/g;
const SEPARATORS = /[\s_-]+/g;
const EDGE_DASHES = /^-+|-+$/g;

export function slugifyTitle(input: string): string {
  let slug = input.toLowerCase().trim();
  slug = slug.replace(NON_WORD, "");
  slug = slug.replace(SEPARATORS, "-");
  return slug.replace(EDGE_DASHES, "");
}
