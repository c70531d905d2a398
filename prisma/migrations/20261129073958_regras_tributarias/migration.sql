-- CreateTable
CREATE TABLE "regras_tributarias" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" "Environment" NOT NULL,
    "company_id" UUID NOT NULL,
    "descricao" TEXT NOT NULL,
    "ncm_prefixo" TEXT,
    "cest" TEXT,
    "produto" TEXT,
    "operacao" TEXT,
    "uf_origem" TEXT,
    "uf_destino" TEXT,
    "contribuinte" TEXT,
    "chave" TEXT NOT NULL,
    "tributacao" JSONB NOT NULL,
    "ativa" BOOLEAN NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "regras_tributarias_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "regras_tributarias_company_id_environment_created_at_idx" ON "regras_tributarias"("company_id", "environment", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "regras_tributarias_company_id_environment_chave_key" ON "regras_tributarias"("company_id", "environment", "chave");
