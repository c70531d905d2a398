/**
 * One statement for many callers: the calls made while the statement is on its way to the database wait and go
 * together in the next one (group commit). Each statement sent costs the driver its serialisation and socket
 * write, and the database its execution, whatever it carries, so concurrent requests share that cost. Under load
 * (calls less than two windows apart on average: the window gathers at least one more, half the time) a call
 * that finds the statement idle waits GATHER_MS for others; otherwise it waits one turn of the event loop only,
 * so a lone request is not delayed. `run` answers each item in the order given (an item's own result, or an
 * Error for that item alone).
 *
 * A statement that fails for a group fails atomically (nothing was written), so each item is then run alone and
 * gets its own outcome: one note's duplicate `referencia` does not refuse the others sent with it.
 *
 * `owner` is what the queue belongs to (the database's `EngineDeps.sql`): every database has its own queues.
 */
export function groupedStatement<I, O>(
  owner: object,
  name: string,
  run: (items: I[]) => Promise<Array<O | Error>>,
): (item: I) => Promise<O> {
  let byName = queues.get(owner);
  if (!byName) queues.set(owner, (byName = new Map()));
  let queue = byName.get(name) as Queue<I, O> | undefined;
  if (!queue) byName.set(name, (queue = new Queue(run)));
  const q = queue;
  return (item) => q.push(item);
}

/**
 * How long a call that finds the statement idle waits for others under load: a few milliseconds of a note's
 * latency against a statement, a socket write and a wake-up of the database shared by the calls of the window.
 */
const GATHER_MS = 5;

/** Items per statement at most: a statement's parameters stay small whatever the load. */
const MAX_ITEMS = 64;

const queues = new WeakMap<object, Map<string, unknown>>();

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (err: unknown) => void;
}

class Queue<I, O> {
  private waiting: Array<Waiting<I, O>> = [];
  private busy = false;
  /** Moving average of the time between calls, in ms. */
  private gap = Infinity;
  private lastCall = 0;

  constructor(private readonly run: (items: I[]) => Promise<Array<O | Error>>) {}

  push(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      const now = performance.now();
      this.gap = this.gap === Infinity ? 10 * GATHER_MS : 0.8 * this.gap + 0.2 * (now - this.lastCall);
      this.lastCall = now;
      if (!this.busy) {
        this.busy = true;
        if (this.gap < 2 * GATHER_MS) setTimeout(() => void this.flush(), GATHER_MS);
        else setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.waiting.length) {
      const group = this.waiting.splice(0, MAX_ITEMS);
      try {
        settle(group, await this.run(group.map((w) => w.item)));
      } catch (err) {
        if (group.length === 1) group[0]!.reject(err);
        else await Promise.all(group.map((w) => this.run([w.item]).then((out) => settle([w], out), w.reject)));
      }
    }
    this.busy = false;
  }
}

function settle<I, O>(group: Array<Waiting<I, O>>, results: Array<O | Error>): void {
  group.forEach((w, i) => {
    const result = results[i];
    if (result instanceof Error) w.reject(result);
    else w.resolve(result as O);
  });
}
