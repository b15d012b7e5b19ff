export type ResolvablePromise<T> = Promise<T> & {
  resolve: [T] extends [undefined] ? (value?: T) => void : (value: T) => void;
  reject: (error: Error) => void;
};

export function makeResolvablePromise<T>(): ResolvablePromise<T> {
  const handles: { resolve?: (value: T) => void; reject?: (error: Error) => void } = {};
  const promise = new Promise<T>((resolve, reject) => Object.assign(handles, { resolve, reject }));
  return Object.assign(promise, handles) as ResolvablePromise<T>;
}
