type Resolved<T> = { [P in keyof T]: Awaited<T[P]> };

export function allProperties<T extends object>(obj: T): Promise<Resolved<T>> {
  const result = {} as Resolved<T>;
  const pending: Promise<void>[] = [];
  for (const name of Object.keys(obj) as (keyof T)[]) {
    pending.push(
      Promise.resolve(obj[name]).then((value) => {
        result[name] = value as Awaited<T[typeof name]>;
      })
    );
  }
  return Promise.all(pending).then(() => result);
}
