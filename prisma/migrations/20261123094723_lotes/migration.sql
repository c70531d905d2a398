-- CreateTable
CREATE TABLE "lotes" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "company_id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "ao_validar" TEXT NOT NULL,
    "origem" TEXT NOT NULL,
    "total" INTEGER NOT NULL,
    "pendentes" INTEGER NOT NULL DEFAULT 0,
    "simulacao" TEXT,
    "entrada" JSONB,
    "erro" JSONB,
    "concluido_em" TIMESTAMPTZ(3),
    "locked_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lotes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "lote_itens" (
    "id" UUID NOT NULL,
    "lote_id" UUID NOT NULL,
    "linha" INTEGER NOT NULL,
    "referencia" TEXT,
    "status" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "erros" JSONB,
    "nfse_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "lote_itens_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "lotes_account_id_environment_created_at_id_idx" ON "lotes"("account_id", "environment", "created_at", "id");

-- CreateIndex
CREATE INDEX "lotes_status_idx" ON "lotes"("status");

-- CreateIndex
CREATE INDEX "lote_itens_lote_id_status_idx" ON "lote_itens"("lote_id", "status");

-- CreateIndex
CREATE INDEX "lote_itens_nfse_id_idx" ON "lote_itens"("nfse_id");

-- CreateIndex
CREATE UNIQUE INDEX "lote_itens_lote_id_linha_key" ON "lote_itens"("lote_id", "linha");

-- AddForeignKey
ALTER TABLE "lote_itens" ADD CONSTRAINT "lote_itens_lote_id_fkey" FOREIGN KEY ("lote_id") REFERENCES "lotes"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
