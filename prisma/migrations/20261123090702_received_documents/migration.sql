-- CreateTable
CREATE TABLE "usage_counters" (
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "ciclo" TEXT NOT NULL,
    "requisicoes" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "usage_counters_pkey" PRIMARY KEY ("account_id","environment","ciclo")
);

-- CreateTable
CREATE TABLE "received_documents" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "company_id" UUID NOT NULL,
    "tipo" TEXT NOT NULL,
    "papel" TEXT NOT NULL,
    "chave_acesso" TEXT NOT NULL,
    "origem" TEXT NOT NULL,
    "nsu" BIGINT NOT NULL,
    "numero" TEXT,
    "emitente_documento" TEXT,
    "emitente_nome" TEXT,
    "tomador_documento" TEXT,
    "valor" DECIMAL(15,2),
    "emitida_em" TIMESTAMPTZ(3),
    "situacao" TEXT NOT NULL DEFAULT 'ativa',
    "nfse_id" UUID,
    "xml" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "received_documents_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "received_document_events" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "company_id" UUID NOT NULL,
    "document_id" UUID,
    "chave_acesso" TEXT NOT NULL,
    "origem" TEXT NOT NULL,
    "nsu" BIGINT NOT NULL,
    "tipo_evento" TEXT NOT NULL,
    "ocorrido_em" TIMESTAMPTZ(3),
    "xml" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "received_document_events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "capture_states" (
    "company_id" UUID NOT NULL,
    "fonte" TEXT NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "ultimo_nsu" BIGINT NOT NULL DEFAULT 0,
    "max_nsu" BIGINT,
    "next_run_at" TIMESTAMPTZ(3) NOT NULL,
    "locked_until" TIMESTAMPTZ(3),
    "falhas" INTEGER NOT NULL DEFAULT 0,
    "ultimo_status" TEXT,
    "ultimo_erro" JSONB,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "capture_states_pkey" PRIMARY KEY ("company_id","fonte")
);

-- CreateIndex
CREATE INDEX "received_documents_account_id_environment_created_at_id_idx" ON "received_documents"("account_id", "environment", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "received_documents_company_id_chave_acesso_key" ON "received_documents"("company_id", "chave_acesso");

-- CreateIndex
CREATE INDEX "received_document_events_company_id_chave_acesso_idx" ON "received_document_events"("company_id", "chave_acesso");

-- CreateIndex
CREATE INDEX "received_document_events_document_id_idx" ON "received_document_events"("document_id");

-- CreateIndex
CREATE UNIQUE INDEX "received_document_events_company_id_origem_nsu_key" ON "received_document_events"("company_id", "origem", "nsu");

-- CreateIndex
CREATE INDEX "capture_states_next_run_at_idx" ON "capture_states"("next_run_at");

-- AddForeignKey
ALTER TABLE "received_document_events" ADD CONSTRAINT "received_document_events_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "received_documents"("id") ON DELETE SET NULL ON UPDATE CASCADE;
