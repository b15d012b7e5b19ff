/**
 * Orders schema definitions so each comes after the definitions it references
 * (Kahn's algorithm). Throws on a cycle, naming the definitions involved.
 */
export function orderDefinitions(dependencies: Map<string, readonly string[]>): string[] {
  const indegree = new Map<string, number>();
  const dependents = new Map<string, string[]>();
  for (const [name, deps] of dependencies) {
    indegree.set(name, indegree.get(name) ?? 0);
    for (const dep of deps) {
      indegree.set(dep, indegree.get(dep) ?? 0);
      indegree.set(name, indegree.get(name)! + 1);
      const list = dependents.get(dep) ?? [];
      list.push(name);
      dependents.set(dep, list);
    }
  }
  const queue = [...indegree].filter(([, n]) => n === 0).map(([name]) => name);
  const ordered: string[] = [];
  while (queue.length) {
    const next = queue.shift()!;
    ordered.push(next);
    for (const dependent of dependents.get(next) ?? []) {
      const remaining = indegree.get(dependent)! - 1;
      indegree.set(dependent, remaining);
      if (remaining === 0) queue.push(dependent);
    }
  }
  if (ordered.length !== indegree.size) {
    const stuck = [...indegree].filter(([, n]) => n > 0).map(([name]) => name);
    throw new Error(`Circular definitions: ${stuck.join(", ")}`);
  }
  return ordered;
}
