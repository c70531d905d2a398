-- CreateTable
CREATE TABLE "accounts" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'ativo',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_keys" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "company_id" UUID,
    "revoked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "companies" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "cnpj" TEXT NOT NULL,
    "razao_social" TEXT NOT NULL,
    "municipio" TEXT NOT NULL,
    "regime_tributario" TEXT,
    "inscricao_municipal" TEXT,
    "regime_apuracao_simples" TEXT,
    "serie_dps" TEXT,
    "email" TEXT,
    "token_municipio_enc" TEXT,
    "padroes" JSONB NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'ativa',
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "companies_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "certificates" (
    "company_id" UUID NOT NULL,
    "key_enc" TEXT NOT NULL,
    "cert_pem" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "cnpj" TEXT NOT NULL,
    "serial" TEXT NOT NULL,
    "not_before" TIMESTAMPTZ(3) NOT NULL,
    "not_after" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "certificates_pkey" PRIMARY KEY ("company_id")
);

-- CreateTable
CREATE TABLE "idempotency_records" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "response_status" INTEGER,
    "response_body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "idempotency_records_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "nfse" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "company_id" UUID NOT NULL,
    "referencia" TEXT,
    "status" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "dps" JSONB NOT NULL,
    "valor" DECIMAL(15,2) NOT NULL,
    "competencia" TEXT NOT NULL,
    "serie" TEXT NOT NULL,
    "numero_dps" BIGINT NOT NULL,
    "dps_id" TEXT NOT NULL,
    "simulacao" TEXT,
    "numero" TEXT,
    "chave_acesso" TEXT,
    "dps_xml" TEXT,
    "nfse_xml" TEXT,
    "rejeicao" JSONB,
    "cancelamento" JSONB,
    "falha" JSONB,
    "aviso" JSONB,
    "ajustes" JSONB NOT NULL DEFAULT '[]',
    "regras_versao" TEXT NOT NULL,
    "substitui_id" UUID,
    "substituida_por" UUID,
    "lote_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "authorized_at" TIMESTAMPTZ(3),

    CONSTRAINT "nfse_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "nfse_timeline" (
    "id" UUID NOT NULL,
    "nfse_id" UUID NOT NULL,
    "tipo" TEXT NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "detalhe" JSONB,

    CONSTRAINT "nfse_timeline_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "dps_sequences" (
    "company_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "serie" TEXT NOT NULL,
    "next" BIGINT NOT NULL,

    CONSTRAINT "dps_sequences_pkey" PRIMARY KEY ("company_id","environment","serie")
);

-- CreateTable
CREATE TABLE "transmission_jobs" (
    "id" UUID NOT NULL,
    "nfse_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "priority" INTEGER NOT NULL,
    "run_at" TIMESTAMPTZ(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMPTZ(3),
    "payload" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "transmission_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "events" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "seq" BIGINT NOT NULL,
    "tipo" TEXT NOT NULL,
    "dados" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "events_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "event_counters" (
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "last" BIGINT NOT NULL,

    CONSTRAINT "event_counters_pkey" PRIMARY KEY ("account_id","environment")
);

-- CreateIndex
CREATE UNIQUE INDEX "api_keys_hash_key" ON "api_keys"("hash");

-- CreateIndex
CREATE INDEX "api_keys_account_id_idx" ON "api_keys"("account_id");

-- CreateIndex
CREATE INDEX "companies_account_id_created_at_idx" ON "companies"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "idempotency_records_created_at_idx" ON "idempotency_records"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "idempotency_records_account_id_environment_key_key" ON "idempotency_records"("account_id", "environment", "key");

-- CreateIndex
CREATE INDEX "nfse_account_id_environment_created_at_id_idx" ON "nfse"("account_id", "environment", "created_at", "id");

-- CreateIndex
CREATE INDEX "nfse_account_id_environment_referencia_idx" ON "nfse"("account_id", "environment", "referencia");

-- CreateIndex
CREATE INDEX "nfse_account_id_environment_chave_acesso_idx" ON "nfse"("account_id", "environment", "chave_acesso");

-- CreateIndex
CREATE UNIQUE INDEX "nfse_company_id_environment_referencia_key" ON "nfse"("company_id", "environment", "referencia");

-- CreateIndex
CREATE UNIQUE INDEX "nfse_environment_dps_id_key" ON "nfse"("environment", "dps_id");

-- CreateIndex
CREATE INDEX "nfse_timeline_nfse_id_at_idx" ON "nfse_timeline"("nfse_id", "at");

-- CreateIndex
CREATE INDEX "transmission_jobs_priority_run_at_idx" ON "transmission_jobs"("priority", "run_at");

-- CreateIndex
CREATE INDEX "transmission_jobs_nfse_id_idx" ON "transmission_jobs"("nfse_id");

-- CreateIndex
CREATE INDEX "events_created_at_idx" ON "events"("created_at");

-- CreateIndex
CREATE UNIQUE INDEX "events_account_id_environment_seq_key" ON "events"("account_id", "environment", "seq");

-- AddForeignKey
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "companies" ADD CONSTRAINT "companies_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "nfse_timeline" ADD CONSTRAINT "nfse_timeline_nfse_id_fkey" FOREIGN KEY ("nfse_id") REFERENCES "nfse"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
