// Spread would evaluate getters; copy the descriptors so lazy props stay lazy.
export function assignDefsPreservingGetters(...sources: object[]): Record<string, any> {
  const target: Record<string, any> = {};
  for (const source of sources) {
    for (const key of Reflect.ownKeys(source)) {
      const descriptor = Object.getOwnPropertyDescriptor(source, key);
      if (descriptor) Object.defineProperty(target, key, descriptor);
    }
  }
  return target;
}
