export class PriorityHeap<T> {
  content: T[] = [];

  constructor(private scoreFunction: (node: T) => number) {}

  sinkDown(idx: number) {
    const node = this.content[idx];
    const nodeScore = this.scoreFunction(node);
    let position = idx;
    for (let parentIdx = ((position + 1) >> 1) - 1; position > 0; parentIdx = ((position + 1) >> 1) - 1) {
      const parent = this.content[parentIdx];
      if (nodeScore >= this.scoreFunction(parent)) break;
      this.content[position] = parent;
      position = parentIdx;
    }
    this.content[position] = node;
  }
}
