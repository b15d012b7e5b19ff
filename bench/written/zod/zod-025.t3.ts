export function keyMirror<const Keys extends readonly [string, ...string[]]>(keys: Keys): { [K in Keys[number]]: K } {
  return keys.reduce(
    (mirror, key) => {
      (mirror as Record<string, string>)[key] = key;
      return mirror;
    },
    {} as { [K in Keys[number]]: K }
  );
}
