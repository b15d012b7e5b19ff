/**
 * Turns form data keyed by dotted paths ("address.street", "tags.0") into a
 * nested object ready for an object schema. Numeric segments create arrays.
 */
export function expandDottedKeys(flat: Record<string, unknown>): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [dotted, value] of Object.entries(flat)) {
    const segments = dotted.split(".");
    let cursor: any = root;
    segments.forEach((segment, i) => {
      const last = i === segments.length - 1;
      if (last) {
        cursor[segment] = value;
        return;
      }
      if (cursor[segment] === undefined) {
        cursor[segment] = /^\d+$/.test(segments[i + 1]!) ? [] : {};
      }
      cursor = cursor[segment];
    });
  }
  return root;
}
