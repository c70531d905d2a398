export interface GaugeRefreshOptions {
  clock: { now(): Date };
  /** Figures younger than this are served as they are. */
  maxAgeMs: number;
  /** Reads the figures and sets the gauges. */
  read(now: Date): Promise<void>;
}

/**
 * Reads the database's figures at most once per `maxAgeMs`, however many scrapers there are; scrapes during a read
 * wait for that read. Aged by the app's clock, as every other time; a clock set back (before the last read) reads
 * again.
 */
export function createGaugeRefresh(options: GaugeRefreshOptions): () => Promise<void> {
  let readAt: number | null = null;
  let reading: Promise<void> | null = null;
  return () => {
    if (reading) return reading;
    const now = options.clock.now();
    const age = readAt === null ? Infinity : now.getTime() - readAt;
    if (age >= 0 && age < options.maxAgeMs) return Promise.resolve();
    reading = options.read(now).finally(() => {
      readAt = options.clock.now().getTime();
      reading = null;
    });
    return reading;
  };
}
