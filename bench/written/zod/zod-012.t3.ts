export function describeLiteralValue(literal: unknown): string {
  const kind = typeof literal;
  const quoted = kind === "string" ? JSON.stringify(literal).replace(/\\"/g, '"') : undefined;
  if (quoted !== undefined) return quoted;
  return kind === "bigint" ? `${(literal as bigint).toString()}n` : `${literal as string}`;
}
