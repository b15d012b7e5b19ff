export function mergeDefinitions(...defs: Record<string, any>[]): any {
  const descriptors = defs.reduce<Record<string, PropertyDescriptor>>(
    (acc, def) => ({ ...acc, ...Object.getOwnPropertyDescriptors(def) }),
    {}
  );
  return Object.defineProperties({}, descriptors);
}
