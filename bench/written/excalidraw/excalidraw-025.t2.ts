export function updateIfChanged<T extends Record<string, any>>(obj: T, updates: Partial<T>): T {
  const changes = Object.keys(updates).some((key) => {
    const value = (updates as any)[key];
    if (value === undefined) return false;
    const isObject = typeof value === "object" && value !== null;
    return isObject || (obj as any)[key] !== value;
  });
  return changes ? { ...obj, ...updates } : obj;
}
