export type ListNode<T> = T & {
  prev: ListNode<T> | null;
  next: ListNode<T> | null;
};

export function toLinkedRing<T>(array: readonly T[]): ListNode<T>[] {
  const nodes: ListNode<T>[] = array.map((item) => ({ ...item, prev: null, next: null }));
  for (let i = 1; i < nodes.length; i++) {
    nodes[i].prev = nodes[i - 1];
    nodes[i - 1].next = nodes[i];
  }
  if (nodes.length > 1) {
    const head = nodes[0];
    const tail = nodes[nodes.length - 1];
    tail.next = head;
    head.prev = tail;
  }
  return nodes;
}
