-- CreateTable
CREATE TABLE "webhook_inflight" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "pairs" JSONB NOT NULL,
    "leased_until" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "webhook_inflight_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_inflight_leased_until_idx" ON "webhook_inflight"("leased_until");
