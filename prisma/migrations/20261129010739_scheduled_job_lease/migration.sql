-- A scheduled job runs under a lease: the process that took it (owner) renews lease_until while it runs, and a
-- lease left to expire (the process died) lets another process take the run over.
-- AlterTable
ALTER TABLE "scheduled_jobs" ADD COLUMN     "lease_until" TIMESTAMPTZ(3),
ADD COLUMN     "owner" TEXT;
