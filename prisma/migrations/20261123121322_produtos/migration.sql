-- CreateTable
CREATE TABLE "produtos" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "company_id" UUID NOT NULL,
    "sku" TEXT NOT NULL,
    "descricao" TEXT NOT NULL,
    "ncm" TEXT NOT NULL,
    "cest" TEXT,
    "gtin" TEXT,
    "unidade" TEXT NOT NULL,
    "origem" INTEGER NOT NULL,
    "tributacao" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "produtos_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "produtos_account_id_environment_created_at_idx" ON "produtos"("account_id", "environment", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "produtos_company_id_environment_sku_key" ON "produtos"("company_id", "environment", "sku");
