-- CreateTable
CREATE TABLE "company_logos" (
    "company_id" UUID NOT NULL,
    "tipo" TEXT NOT NULL,
    "largura" INTEGER NOT NULL,
    "altura" INTEGER NOT NULL,
    "bytes" BYTEA NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "company_logos_pkey" PRIMARY KEY ("company_id")
);
