/** Min-heap keyed by a score (used by the A* router for elbow arrows). */
export class ScoredQueue<Item> {
  items: Item[] = [];

  constructor(private readonly score: (item: Item) => number) {}

  /** Moves the item at `index` up until its parent scores no higher. */
  siftUp(index: number): void {
    let i = index;
    while (i > 0) {
      const parent = Math.floor((i - 1) / 2);
      if (this.score(this.items[i]) >= this.score(this.items[parent])) return;
      [this.items[i], this.items[parent]] = [this.items[parent], this.items[i]];
      i = parent;
    }
  }
}
