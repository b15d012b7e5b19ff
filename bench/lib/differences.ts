/**
 * @fileoverview What an oracle bench found one side flag and the other not,
 * grouped (`ESLint only: Parameter`, `ruff only: N806`) with examples, and
 * printed as a count per group with the first few examples.
 */
export class Differences {
  private readonly groups = new Map<string, string[]>();

  note(group: string, example: string): void {
    const list = this.groups.get(group) ?? [];
    list.push(example);
    this.groups.set(group, list);
  }

  get isEmpty(): boolean {
    return this.groups.size === 0;
  }

  /** One line per group with its count, then up to `show` examples each. */
  lines(show: number): string[] {
    return [...this.groups].flatMap(([group, examples]) => [
      `  ${group}: ${examples.length}`,
      ...examples.slice(0, show).map((example) => `      ${example}`),
    ]);
  }
}
