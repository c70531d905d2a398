-- AlterTable
ALTER TABLE "received_documents" ADD COLUMN     "manifestacao" TEXT;

-- CreateTable
CREATE TABLE "document_manifestations" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "company_id" UUID NOT NULL,
    "document_id" UUID NOT NULL,
    "tipo_evento" TEXT NOT NULL,
    "justificativa" TEXT,
    "situacao" TEXT NOT NULL,
    "c_stat" TEXT,
    "x_motivo" TEXT,
    "protocolo" TEXT,
    "registrada_em" TIMESTAMPTZ(3),
    "xml" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "document_manifestations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "document_manifestations_document_id_created_at_idx" ON "document_manifestations"("document_id", "created_at");

-- AddForeignKey
ALTER TABLE "document_manifestations" ADD CONSTRAINT "document_manifestations_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "received_documents"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
