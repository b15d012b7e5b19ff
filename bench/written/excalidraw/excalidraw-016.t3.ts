export interface DebouncedFn<Args extends unknown[]> {
  (...args: Args): void;
  /** Runs the pending call now, if there is one. */
  flush(): void;
  /** Drops the pending call. */
  cancel(): void;
}

export class Debouncer<Args extends unknown[]> {
  private timerId: ReturnType<typeof setTimeout> | null = null;
  private queued: Args | null = null;

  constructor(private readonly callback: (...args: Args) => void, private readonly wait: number) {}

  schedule(...args: Args) {
    this.queued = args;
    this.stopTimer();
    this.timerId = setTimeout(() => this.flush(), this.wait);
  }

  flush() {
    this.stopTimer();
    const args = this.queued;
    this.queued = null;
    if (args !== null) this.callback(...args);
  }

  cancel() {
    this.queued = null;
    this.stopTimer();
  }

  private stopTimer() {
    if (this.timerId !== null) clearTimeout(this.timerId);
    this.timerId = null;
  }
}

export const makeDebounced = <Args extends unknown[]>(callback: (...args: Args) => void, wait: number): DebouncedFn<Args> => {
  const debouncer = new Debouncer(callback, wait);
  const fn = ((...args: Args) => debouncer.schedule(...args)) as DebouncedFn<Args>;
  fn.flush = () => debouncer.flush();
  fn.cancel = () => debouncer.cancel();
  return fn;
};
