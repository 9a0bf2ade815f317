/**
 * A first-in, first-out queue of blocks for the breadth-first builders (HDPView, PrivTree). Breadth first matters for
 * the block cap: when the cap is reached, the blocks still queued are the deepest level's, so the partition is
 * refined evenly rather than down one branch. An array with a moving head, compacted now and then, keeps both ends
 * O(1) amortised.
 */
export class BlockQueue<T> {
  private items: T[];
  private head = 0;

  constructor(initial: readonly T[] = []) {
    this.items = [...initial];
  }

  get size(): number {
    return this.items.length - this.head;
  }

  push(...xs: T[]): void {
    for (const x of xs) this.items.push(x);
  }

  shift(): T {
    if (this.head >= this.items.length) throw new Error('BlockQueue: shift from an empty queue');
    const x = this.items[this.head];
    this.head++;
    // Drop the consumed half once it dominates, so that memory follows the queue's size, not its history.
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return x;
  }
}
