-- CreateTable
CREATE TABLE "webhooks" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "eventos" JSONB NOT NULL,
    "cabecalhos" JSONB NOT NULL DEFAULT '[]',
    "secret_enc" TEXT NOT NULL,
    "previous_secret_enc" TEXT,
    "previous_until" TIMESTAMPTZ(3),
    "from_seq" BIGINT NOT NULL,
    "last_success_at" TIMESTAMPTZ(3),
    "outage_notified_at" TIMESTAMPTZ(3),
    "deleted_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" UUID NOT NULL,
    "webhook_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "event_id" UUID NOT NULL,
    "tipo" TEXT NOT NULL,
    "dados" JSONB NOT NULL,
    "origem" TEXT NOT NULL,
    "fanout_key" TEXT,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "locked_until" TIMESTAMPTZ(3),
    "first_attempt_at" TIMESTAMPTZ(3),
    "event_at" TIMESTAMPTZ(3) NOT NULL,
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" UUID NOT NULL,
    "delivery_id" UUID NOT NULL,
    "numero" INTEGER NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "response_status" INTEGER,
    "erro" TEXT,

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_dispatch_positions" (
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "last_seq" BIGINT NOT NULL,

    CONSTRAINT "webhook_dispatch_positions_pkey" PRIMARY KEY ("account_id","environment")
);

-- CreateTable
CREATE TABLE "webhook_outage_notices" (
    "id" UUID NOT NULL,
    "webhook_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "email" TEXT,
    "transporte" TEXT NOT NULL,
    "sent_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_outage_notices_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhooks_account_id_environment_idx" ON "webhooks"("account_id", "environment");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_deliveries_fanout_key_key" ON "webhook_deliveries"("fanout_key");

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_created_at_id_idx" ON "webhook_deliveries"("webhook_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_event_id_idx" ON "webhook_deliveries"("event_id");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_attempts_delivery_id_numero_key" ON "webhook_attempts"("delivery_id", "numero");

-- CreateIndex
CREATE INDEX "webhook_outage_notices_webhook_id_idx" ON "webhook_outage_notices"("webhook_id");

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
