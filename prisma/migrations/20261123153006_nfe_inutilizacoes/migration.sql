-- AlterTable
ALTER TABLE "nfe" ADD COLUMN     "aviso" JSONB,
ADD COLUMN     "descarte_avisado_em" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "nfe_inutilizacoes" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "company_id" UUID NOT NULL,
    "serie" TEXT NOT NULL,
    "numero_inicial" BIGINT NOT NULL,
    "numero_final" BIGINT NOT NULL,
    "justificativa" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "nfe_id" UUID,
    "xml" TEXT NOT NULL,
    "proc_xml" TEXT,
    "protocolo" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "nfe_inutilizacoes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "nfe_inutilizacoes_company_id_environment_serie_numero_inici_idx" ON "nfe_inutilizacoes"("company_id", "environment", "serie", "numero_inicial");

-- CreateIndex
CREATE INDEX "nfe_inutilizacoes_account_id_environment_created_at_id_idx" ON "nfe_inutilizacoes"("account_id", "environment", "created_at", "id");
