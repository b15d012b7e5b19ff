import { normalizeLink } from "./url";

/** Makes an element link safe to open: site-relative links get our origin, anything unparsable becomes about:blank. */
export const resolveElementLink = (input: string): string => {
  const cleaned = normalizeLink(input);
  if (cleaned[0] === "/") {
    return location.origin + cleaned;
  }
  return URL.canParse(cleaned) ? cleaned : "about:blank";
};
