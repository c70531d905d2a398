/** How the job queue leases, retries and gives up on its jobs (JOB_* settings, docs/configuracao.md). */
export interface JobSettings {
  /** A claim's lease: a job whose runner stopped renewing it (a crashed process) is claimable this long after. */
  leaseMs: number;
  /** How often a process renews the leases of the jobs it runs; well under `leaseMs`, so one late beat loses none. */
  heartbeatMs: number;
  /** Runs a job may start (claims and first attempts); the next claim moves it to the dead state instead. */
  maxAttempts: number;
  /** The source of the backoff's jitter, in [0, 1): tests inject their own. */
  random: () => number;
}

/**
 * Seven days of retries at the backoff's longest wait (30 minutes, at least half of it with jitter) take at most
 * 672 attempts: the default stays above, so an NFS-e outage still ends at the 7-day recovery limit, and a job
 * that fails for any other reason still ends.
 */
export const DEFAULT_JOB_SETTINGS: JobSettings = {
  leaseMs: 6_000,
  heartbeatMs: 2_000,
  maxAttempts: 700,
  random: Math.random,
};

export const jobSettings = (deps: { jobs?: Partial<JobSettings> }): JobSettings => ({
  ...DEFAULT_JOB_SETTINGS,
  ...deps.jobs,
});
