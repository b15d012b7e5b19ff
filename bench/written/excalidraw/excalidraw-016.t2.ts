export function debounced<T extends any[]>(fn: (...args: T) => void, timeout: number) {
  let timer: number | undefined;
  let pending: T | null = null;

  const run = () => {
    const args = pending;
    pending = null;
    if (args) fn(...args);
  };

  const call = (...args: T) => {
    pending = args;
    window.clearTimeout(timer);
    timer = window.setTimeout(run, timeout);
  };

  return Object.assign(call, {
    flush() {
      window.clearTimeout(timer);
      run();
    },
    cancel() {
      pending = null;
      window.clearTimeout(timer);
    },
  });
}
