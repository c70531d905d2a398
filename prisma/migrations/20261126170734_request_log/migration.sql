-- CreateTable
CREATE TABLE "request_log" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "api_key_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "request_id" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "rota" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "codigo" TEXT,
    "duration_ms" DOUBLE PRECISION NOT NULL,
    "nota_id" UUID,
    "lote_id" UUID,
    "empresa_id" UUID,

    CONSTRAINT "request_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "request_log_account_id_environment_created_at_id_idx" ON "request_log"("account_id", "environment", "created_at", "id");

-- CreateIndex
CREATE INDEX "request_log_account_id_environment_request_id_idx" ON "request_log"("account_id", "environment", "request_id");

-- CreateIndex
CREATE INDEX "request_log_created_at_idx" ON "request_log"("created_at");
