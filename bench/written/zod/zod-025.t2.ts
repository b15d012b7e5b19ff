export const enumFromArray = <T extends string, U extends [T, ...T[]]>(items: U): { [k in U[number]]: k } =>
  Object.fromEntries(items.map((item) => [item, item])) as { [k in U[number]]: k };
