-- AlterTable
ALTER TABLE "transmission_jobs" ADD COLUMN     "nfe_id" UUID,
ALTER COLUMN "nfse_id" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "transmission_jobs_nfe_id_idx" ON "transmission_jobs"("nfe_id");

-- NF-e jobs written before this migration kept the NF-e's id in nfse_id.
UPDATE "transmission_jobs" SET "nfe_id" = "nfse_id", "nfse_id" = NULL WHERE "kind" = 'nfe';
