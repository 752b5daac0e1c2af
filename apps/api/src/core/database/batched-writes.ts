/**
 * Notes kept in memory under a key and written together, off the request's path: the notes of the last `afterMs`
 * go to the database in one statement (at once past `max` keys, so the memory a burst takes stays bounded). A
 * process that dies loses at most those notes; a failed write is handed to `lost`, never to the request.
 */
export class BatchedWrites<T> {
  private pending = new Map<string, T>();
  private timer?: NodeJS.Timeout;
  private written: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (batch: T[]) => Promise<unknown>,
    private readonly lost: (error: Error, notes: number) => void,
    private readonly afterMs: number,
    private readonly max: number,
  ) {}

  /** Adds a note under its key, or merges it with the one waiting there. */
  note(key: string, merge: (waiting: T | undefined) => T): void {
    this.pending.set(key, merge(this.pending.get(key)));
    if (this.pending.size >= this.max) void this.flush();
    // Unref'd: a pending batch never holds a process open; shutting down flushes it (the owners' onModuleDestroy).
    else this.timer ??= setTimeout(() => void this.flush(), this.afterMs).unref();
  }

  /** Writes what is waiting (after any batch still being written); never fails. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    if (batch.length)
      this.written = this.written.then(() =>
        this.write(batch).then(
          () => undefined,
          (e: Error) => this.lost(e, batch.length),
        ),
      );
    return this.written;
  }
}
