-- AlterTable
ALTER TABLE "transmission_jobs" ADD COLUMN     "dead_at" TIMESTAMPTZ(3),
ADD COLUMN     "dead_reason" TEXT,
ADD COLUMN     "lease" INTEGER NOT NULL DEFAULT 0;
