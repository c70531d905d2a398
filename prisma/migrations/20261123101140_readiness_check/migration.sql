-- CreateTable
CREATE TABLE "company_readiness_snapshots" (
    "company_id" UUID NOT NULL,
    "situacoes" JSONB NOT NULL,
    "checked_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "company_readiness_snapshots_pkey" PRIMARY KEY ("company_id")
);

-- CreateTable
CREATE TABLE "scheduled_jobs" (
    "name" TEXT NOT NULL,
    "next_run_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "scheduled_jobs_pkey" PRIMARY KEY ("name")
);
