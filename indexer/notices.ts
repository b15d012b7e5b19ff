/**
 * @fileoverview Things an index wants its user to know that are not errors:
 * a store rebuilt, a semantic embedder that failed and was left out. Kept in
 * memory, newest last, at most MAX_NOTICES, a repeat of the newest dropped.
 */

/** How many notices are kept. */
const MAX_NOTICES = 20;

/** A bounded list of notices; see the file overview. */
export class Notices {
  private readonly items: string[] = [];
  /** Notices ever added, so a reader can tell which ones are new since it last looked. */
  total = 0;

  add(message: string): void {
    if (this.items.at(-1) === message) return;
    this.total++;
    this.items.push(message);
    if (this.items.length > MAX_NOTICES) this.items.shift();
  }

  list(): readonly string[] {
    return [...this.items];
  }
}
