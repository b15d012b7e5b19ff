/**
 * Immutable update that keeps the same reference when nothing would change,
 * so React and our caches can skip work. Object values always count as a change.
 */
export const patchObject = <State extends Record<string, any>>(state: State, patch: Partial<State>): State => {
  for (const [key, next] of Object.entries(patch)) {
    if (next === undefined) continue;
    const sameScalar = state[key] === next && (next === null || typeof next !== "object");
    if (!sameScalar) {
      return { ...state, ...patch };
    }
  }
  return state;
};
