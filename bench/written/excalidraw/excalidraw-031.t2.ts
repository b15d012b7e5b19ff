import { normalizeLink } from "./url";

const BLANK = "about:blank";

const isParsableUrl = (link: string) => {
  try {
    new URL(link);
    return true;
  } catch {
    return false;
  }
};

export function toAbsoluteUrl(rawLink: string): string {
  const link = normalizeLink(rawLink);
  if (link.startsWith("/")) return location.origin + link;
  return isParsableUrl(link) ? link : BLANK;
}
