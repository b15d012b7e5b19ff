export type SettlablePromise<T> = Promise<T> & {
  resolve: [T] extends [undefined] ? (value?: T) => void : (value: T) => void;
  reject: (error: Error) => void;
};

/** A promise that whoever holds it can settle from the outside (e.g. when an async init finishes). */
export function createSettlablePromise<T>(): SettlablePromise<T> {
  let settle: ((value: T) => void) | undefined;
  let fail: ((error: Error) => void) | undefined;
  const pending = new Promise<T>((onValue, onError) => {
    settle = onValue;
    fail = onError;
  }) as SettlablePromise<T>;
  pending.resolve = ((value: T) => settle!(value)) as SettlablePromise<T>["resolve"];
  pending.reject = (error: Error) => fail!(error);
  return pending;
}
