/** A promise that whoever holds it can settle from the outside (e.g. when an async init finishes). */
export class ExternalPromise<T> {
  readonly promise: Promise<T>;
  private settle!: { resolve: (value: T | PromiseLike<T>) => void; reject: (reason: Error) => void };

  constructor() {
    this.promise = new Promise<T>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
  }

  resolve(value: T) {
    this.settle.resolve(value);
  }

  reject(error: Error) {
    this.settle.reject(error);
  }
}
