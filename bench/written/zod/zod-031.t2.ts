type ModeWriter = (doc: SourceWriter, modes: { execution: "sync" | "async" }) => void;

export class SourceWriter {
  content: string[] = [];
  indent = 0;

  write(arg: string | ModeWriter): void {
    if (typeof arg === "function") {
      for (const execution of ["sync", "async"] as const) arg(this, { execution });
      return;
    }
    const lines = arg.split("\n").filter(Boolean);
    const leading = (line: string) => line.length - line.trimStart().length;
    const minIndent = lines.reduce((min, line) => Math.min(min, leading(line)), Number.POSITIVE_INFINITY);
    const pad = " ".repeat(this.indent * 2);
    this.content.push(...lines.map((line) => pad + line.slice(minIndent)));
  }
}
