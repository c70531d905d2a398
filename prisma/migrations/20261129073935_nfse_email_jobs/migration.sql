-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "email_tomador_automatico" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "nfse_email_jobs" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "nfse_id" UUID NOT NULL,
    "motivo" TEXT NOT NULL,
    "chave" TEXT NOT NULL,
    "destinatarios" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "status" TEXT NOT NULL DEFAULT 'pendente',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lease" INTEGER NOT NULL DEFAULT 0,
    "run_at" TIMESTAMPTZ(3) NOT NULL,
    "locked_until" TIMESTAMPTZ(3),
    "erro" TEXT,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "nfse_email_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "nfse_email_jobs_status_run_at_idx" ON "nfse_email_jobs"("status", "run_at");

-- CreateIndex
CREATE UNIQUE INDEX "nfse_email_jobs_nfse_id_motivo_chave_key" ON "nfse_email_jobs"("nfse_id", "motivo", "chave");
