-- The search columns of the NFS-e and NF-e lists are generated from the stored request, so every insert and update
-- writes them and existing rows are filled by this statement. The fold (accents off, then lowercase) is the one of
-- foldName in src/engine/notas/fold-name.ts: the two must list the same letters.
-- AlterTable
ALTER TABLE "nfe" ADD COLUMN "tomador_documento" TEXT GENERATED ALWAYS AS (
  NULLIF(upper(regexp_replace(request->'destinatario'->>'documento', '[^0-9A-Za-z]', '', 'g')), '')) STORED,
ADD COLUMN "tomador_nome" TEXT GENERATED ALWAYS AS (
  NULLIF(lower(translate(request->'destinatario'->>'nome', 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy')), '')) STORED;

-- AlterTable
ALTER TABLE "nfse" ADD COLUMN "tomador_documento" TEXT GENERATED ALWAYS AS (
  NULLIF(upper(regexp_replace(request->'tomador'->>'documento', '[^0-9A-Za-z]', '', 'g')), '')) STORED,
ADD COLUMN "tomador_nome" TEXT GENERATED ALWAYS AS (
  NULLIF(lower(translate(request->'tomador'->>'nome', 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ', 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy')), '')) STORED;

-- CreateIndex
CREATE INDEX "nfe_account_id_environment_numero_idx" ON "nfe"("account_id", "environment", "numero");

-- CreateIndex
CREATE INDEX "nfe_account_id_environment_chave_acesso_idx" ON "nfe"("account_id", "environment", "chave_acesso");

-- CreateIndex
CREATE INDEX "nfe_account_id_environment_tomador_documento_idx" ON "nfe"("account_id", "environment", "tomador_documento");

-- CreateIndex
CREATE INDEX "nfe_account_id_environment_valor_total_idx" ON "nfe"("account_id", "environment", "valor_total");

-- CreateIndex
CREATE INDEX "nfe_account_id_environment_status_created_at_id_idx" ON "nfe"("account_id", "environment", "status", "created_at", "id");

-- CreateIndex
CREATE INDEX "nfe_company_id_environment_created_at_id_idx" ON "nfe"("company_id", "environment", "created_at", "id");

-- CreateIndex
CREATE INDEX "nfse_account_id_environment_numero_idx" ON "nfse"("account_id", "environment", "numero");

-- CreateIndex
CREATE INDEX "nfse_account_id_environment_numero_dps_idx" ON "nfse"("account_id", "environment", "numero_dps");

-- CreateIndex
CREATE INDEX "nfse_account_id_environment_tomador_documento_idx" ON "nfse"("account_id", "environment", "tomador_documento");

-- CreateIndex
CREATE INDEX "nfse_account_id_environment_valor_idx" ON "nfse"("account_id", "environment", "valor");

-- CreateIndex
CREATE INDEX "nfse_account_id_environment_status_created_at_id_idx" ON "nfse"("account_id", "environment", "status", "created_at", "id");

-- CreateIndex
CREATE INDEX "nfse_company_id_environment_created_at_id_idx" ON "nfse"("company_id", "environment", "created_at", "id");

-- Part of a name (LIKE '%...%') is served by a trigram index where the pg_trgm extension is available (PostgreSQL
-- ships it in contrib; the embedded database loads it). Where it is not, the search still works, by scanning.
-- The extension lives in public (or wherever a database already has it), not in the service's schema: a schema
-- dropped with its objects must not take the extension, and the indexes of other schemas, with it.
DO $$
DECLARE
  trgm_schema text;
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
      CREATE EXTENSION pg_trgm WITH SCHEMA public;
    END IF;
    SELECT n.nspname INTO trgm_schema
      FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
    EXECUTE format('CREATE INDEX "nfse_tomador_nome_trgm_idx" ON "nfse" USING gin ("tomador_nome" %I.gin_trgm_ops)', trgm_schema);
    EXECUTE format('CREATE INDEX "nfe_tomador_nome_trgm_idx" ON "nfe" USING gin ("tomador_nome" %I.gin_trgm_ops)', trgm_schema);
  END IF;
END
$$;

-- A referencia prefix (LIKE 'abc%') uses a btree index only under the C collation; under any other (en_US.UTF-8,
-- a PostgreSQL server's usual default) it takes an index of text_pattern_ops.
DO $$
BEGIN
  IF (SELECT datcollate FROM pg_database WHERE datname = current_database()) NOT IN ('C', 'POSIX') THEN
    CREATE INDEX "nfse_referencia_pattern_idx" ON "nfse" ("account_id", "environment", "referencia" text_pattern_ops);
    CREATE INDEX "nfe_referencia_pattern_idx" ON "nfe" ("account_id", "environment", "referencia" text_pattern_ops);
  END IF;
END
$$;
