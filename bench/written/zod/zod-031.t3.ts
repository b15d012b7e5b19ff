export type Execution = "sync" | "async";

export class FunctionBodyBuilder {
  readonly lines: string[] = [];
  depth = 0;

  /** Appends a block of code, dedented to its least-indented line and re-indented to the current depth. */
  append(block: string | ((builder: FunctionBodyBuilder, mode: { execution: Execution }) => void)): void {
    if (typeof block !== "string") {
      block(this, { execution: "sync" });
      block(this, { execution: "async" });
      return;
    }
    const raw = block.split("\n");
    let common = Infinity;
    for (const line of raw) {
      if (line === "") continue;
      const match = /^\s*/.exec(line)!;
      common = Math.min(common, match[0].length);
    }
    for (const line of raw) {
      if (line === "") continue;
      this.lines.push(`${"  ".repeat(this.depth)}${line.substring(common)}`);
    }
  }
}
