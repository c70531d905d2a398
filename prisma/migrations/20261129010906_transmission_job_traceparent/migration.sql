-- AlterTable
ALTER TABLE "transmission_jobs" ADD COLUMN     "traceparent" TEXT;
