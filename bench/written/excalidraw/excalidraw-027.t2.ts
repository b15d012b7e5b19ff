export function memoizeOne<T extends Record<string, any>, R>(func: (opts: T) => R) {
  let cache: { args: Map<string, any>; result: R } | undefined;

  const sameArgs = (opts: T) =>
    cache !== undefined && Object.entries(opts).every(([key, value]) => cache!.args.get(key) === value);

  const memoized = (opts: T) => {
    if (sameArgs(opts)) return cache!.result;
    const result = func(opts);
    cache = { args: new Map(Object.entries(opts)), result };
    return result;
  };

  return Object.assign(memoized, {
    clear: () => {
      cache = undefined;
    },
  }) as typeof func & { clear: () => void };
}
