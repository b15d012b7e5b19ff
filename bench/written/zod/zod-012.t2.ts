export function primitiveToString(value: any): string {
  switch (typeof value) {
    case "bigint":
      return `${value.toString()}n`;
    case "string":
      return `"${value}"`;
    default:
      return String(value);
  }
}
