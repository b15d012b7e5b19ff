/** Caches the last call of a function taking one options object, compared key by key with ===. */
export class LastCallCache<Options extends Record<string, unknown>, Result> {
  private previous: Options | null = null;
  private value: Result | undefined;

  constructor(private readonly compute: (options: Options) => Result) {}

  get(options: Options): Result | undefined {
    const prev = this.previous;
    if (prev !== null) {
      let hit = true;
      for (const key of Object.keys(options)) {
        if (prev[key] !== options[key]) {
          hit = false;
          break;
        }
      }
      if (hit) return this.value;
    }
    this.value = this.compute(options);
    this.previous = { ...options };
    return this.value;
  }

  clear() {
    this.previous = null;
    this.value = undefined;
  }
}
