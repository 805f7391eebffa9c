/**
 * The states an exhaustive search has seen, in the order it found them, kept compact: a 64-bit
 * hash of each state's key in an open-addressing table (typed arrays), and for each state the
 * index of the state it was first reached from and the index of the action that reached it (in
 * that state's candidate list), enough to rebuild its shortest path by replaying. About 40 bytes a
 * state (measured in docs/explore.md), whatever the size of the state itself.
 */
export class StateTable {
  private hi: Uint32Array;
  private lo: Uint32Array;
  /** State index + 1 per slot; 0 is an empty slot. */
  private slots: Uint32Array;
  private parents = new Int32Array(1024);
  private via = new Uint32Array(1024);
  private count = 0;

  constructor(capacity = 1 << 12) {
    this.hi = new Uint32Array(capacity);
    this.lo = new Uint32Array(capacity);
    this.slots = new Uint32Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** Bytes held by the table's arrays. */
  get bytes(): number {
    return this.hi.byteLength + this.lo.byteLength + this.slots.byteLength + this.parents.byteLength + this.via.byteLength;
  }

  /** Adds the state with hash (hi, lo) reached from `parent` by its action `action`; its index, or -1 when already seen. */
  add(hi: number, lo: number, parent: number, action: number): number {
    if ((this.count + 1) * 2 > this.slots.length) this.grow();
    const slot = this.find(hi, lo);
    if (this.slots[slot] !== 0) return -1;
    const index = this.count++;
    this.hi[slot] = hi;
    this.lo[slot] = lo;
    this.slots[slot] = index + 1;
    if (index >= this.parents.length) {
      const parents = new Int32Array(this.parents.length * 2);
      parents.set(this.parents);
      this.parents = parents;
      const via = new Uint32Array(this.via.length * 2);
      via.set(this.via);
      this.via = via;
    }
    this.parents[index] = parent;
    this.via[index] = action;
    return index;
  }

  has(hi: number, lo: number): boolean {
    return this.slots[this.find(hi, lo)] !== 0;
  }

  /** The action indexes from the first state to `index`, in order. */
  pathTo(index: number): number[] {
    const path: number[] = [];
    for (let i = index; this.parents[i] >= 0; i = this.parents[i]) path.push(this.via[i]);
    return path.reverse();
  }

  /** Every state's hash, in the order found (hi, lo pairs): what merging shards unites. */
  hashes(): Uint32Array {
    const out = new Uint32Array(this.count * 2);
    for (let slot = 0; slot < this.slots.length; slot++) {
      const index = this.slots[slot];
      if (index === 0) continue;
      out[(index - 1) * 2] = this.hi[slot];
      out[(index - 1) * 2 + 1] = this.lo[slot];
    }
    return out;
  }

  private find(hi: number, lo: number): number {
    const mask = this.slots.length - 1;
    let slot = (lo ^ Math.imul(hi, 0x9e3779b1)) & mask;
    while (this.slots[slot] !== 0 && (this.hi[slot] !== hi || this.lo[slot] !== lo)) slot = (slot + 1) & mask;
    return slot;
  }

  private grow(): void {
    const { hi, lo, slots } = this;
    this.hi = new Uint32Array(slots.length * 2);
    this.lo = new Uint32Array(slots.length * 2);
    this.slots = new Uint32Array(slots.length * 2);
    for (let slot = 0; slot < slots.length; slot++) {
      if (slots[slot] === 0) continue;
      const at = this.find(hi[slot], lo[slot]);
      this.hi[at] = hi[slot];
      this.lo[at] = lo[slot];
      this.slots[at] = slots[slot];
    }
  }
}
