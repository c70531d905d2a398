-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "inscricao_estadual" TEXT,
ADD COLUMN     "serie_nfe" TEXT;

-- CreateTable
CREATE TABLE "nfe" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "company_id" UUID NOT NULL,
    "referencia" TEXT,
    "status" TEXT NOT NULL,
    "modo" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "serie" TEXT NOT NULL,
    "numero" BIGINT NOT NULL,
    "chave_acesso" TEXT NOT NULL,
    "simulacao" TEXT,
    "xml" TEXT NOT NULL,
    "proc_xml" TEXT,
    "protocolo" TEXT,
    "rejeicao" JSONB,
    "cancelamento" JSONB,
    "ajustes" JSONB NOT NULL DEFAULT '[]',
    "valor_total" DECIMAL(15,2) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "authorized_at" TIMESTAMPTZ(3),

    CONSTRAINT "nfe_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "nfe_sequences" (
    "company_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "serie" TEXT NOT NULL,
    "next" BIGINT NOT NULL,

    CONSTRAINT "nfe_sequences_pkey" PRIMARY KEY ("company_id","environment","serie")
);

-- CreateIndex
CREATE INDEX "nfe_account_id_environment_created_at_id_idx" ON "nfe"("account_id", "environment", "created_at", "id");

-- CreateIndex
CREATE INDEX "nfe_account_id_environment_referencia_idx" ON "nfe"("account_id", "environment", "referencia");

-- CreateIndex
CREATE UNIQUE INDEX "nfe_company_id_environment_referencia_key" ON "nfe"("company_id", "environment", "referencia");

-- CreateIndex
CREATE UNIQUE INDEX "nfe_company_id_environment_serie_numero_key" ON "nfe"("company_id", "environment", "serie", "numero");

-- CreateIndex
CREATE UNIQUE INDEX "nfe_environment_chave_acesso_key" ON "nfe"("environment", "chave_acesso");
