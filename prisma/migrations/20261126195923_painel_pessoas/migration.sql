-- CreateTable
CREATE TABLE "pessoas" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "senha_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "pessoas_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "sessoes_painel" (
    "id" UUID NOT NULL,
    "pessoa_id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "hash" TEXT NOT NULL,
    "csrf" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sessoes_painel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "convites_painel" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "convites_painel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tentativas_entrada" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "ip" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "tentativas_entrada_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "pessoas_email_key" ON "pessoas"("email");

-- CreateIndex
CREATE INDEX "pessoas_account_id_idx" ON "pessoas"("account_id");

-- CreateIndex
CREATE UNIQUE INDEX "sessoes_painel_hash_key" ON "sessoes_painel"("hash");

-- CreateIndex
CREATE INDEX "sessoes_painel_pessoa_id_idx" ON "sessoes_painel"("pessoa_id");

-- CreateIndex
CREATE UNIQUE INDEX "convites_painel_hash_key" ON "convites_painel"("hash");

-- CreateIndex
CREATE INDEX "tentativas_entrada_email_created_at_idx" ON "tentativas_entrada"("email", "created_at");

-- CreateIndex
CREATE INDEX "tentativas_entrada_ip_created_at_idx" ON "tentativas_entrada"("ip", "created_at");

-- CreateIndex
CREATE INDEX "tentativas_entrada_created_at_idx" ON "tentativas_entrada"("created_at");

-- AddForeignKey
ALTER TABLE "pessoas" ADD CONSTRAINT "pessoas_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "accounts"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sessoes_painel" ADD CONSTRAINT "sessoes_painel_pessoa_id_fkey" FOREIGN KEY ("pessoa_id") REFERENCES "pessoas"("id") ON DELETE CASCADE ON UPDATE CASCADE;
