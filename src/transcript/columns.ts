/**
 * Growable typed-array columns: one number per record in a few bytes, instead
 * of an object per record, so a transcript's skeleton stays small (see the
 * memory bound in conversation.ts).
 */
const INITIAL_CAPACITY = 1024;

type NumberArray = Int32Array | Float64Array | Uint8Array;

export class Column<T extends NumberArray> {
  private data: T;

  constructor(
    private readonly make: (length: number) => T,
    private readonly empty: number,
  ) {
    this.data = make(INITIAL_CAPACITY);
    this.data.fill(empty);
  }

  get(i: number): number {
    return i < this.data.length ? this.data[i]! : this.empty;
  }

  set(i: number, value: number): void {
    if (i >= this.data.length) {
      let capacity = this.data.length;
      while (capacity <= i) capacity *= 2;
      const grown = this.make(capacity);
      grown.fill(this.empty);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[i] = value;
  }
}

export const int32Column = (empty = -1) => new Column((n) => new Int32Array(n), empty);
export const float64Column = (empty = Number.NaN) => new Column((n) => new Float64Array(n), empty);
export const byteColumn = () => new Column((n) => new Uint8Array(n), 0);
