/** Caches the last call of a function taking one options object, compared key by key with ===. */
export function rememberLastCall<Options extends Record<string, any>, Result>(compute: (options: Options) => Result) {
  let previous: Options | null = null;
  let value: Result | undefined;

  const cached = (options: Options) => {
    const prev = previous;
    const hit = prev !== null && Object.keys(options).every((key) => prev[key] === options[key]);
    if (hit) return value;
    value = compute(options);
    previous = { ...options };
    return value;
  };

  cached.clear = () => {
    previous = null;
    value = undefined;
  };

  return cached as typeof compute & { clear: () => void };
}
