-- CreateTable
CREATE TABLE "nfe_eventos" (
    "id" UUID NOT NULL,
    "nfe_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "environment" TEXT NOT NULL,
    "tp_evento" TEXT NOT NULL,
    "n_seq_evento" INTEGER NOT NULL,
    "situacao" TEXT NOT NULL,
    "texto" TEXT NOT NULL,
    "xml" TEXT NOT NULL,
    "c_stat" TEXT,
    "protocolo" TEXT,
    "registrado_em" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "nfe_eventos_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "nfe_eventos_nfe_id_tp_evento_n_seq_evento_key" ON "nfe_eventos"("nfe_id", "tp_evento", "n_seq_evento");

-- AddForeignKey
ALTER TABLE "nfe_eventos" ADD CONSTRAINT "nfe_eventos_nfe_id_fkey" FOREIGN KEY ("nfe_id") REFERENCES "nfe"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
