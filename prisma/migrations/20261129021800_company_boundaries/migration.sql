-- The company an event is about, as a column: what a key restricted to one company may read of the log (the list,
-- the live tail) is decided on it. One rule, in the database, for the events appended from now on
-- (appendedEventsSql) and for those already kept: the company named by `dados.empresa_id` (records of notes,
-- batches, readiness) or `dados.empresaId` (received documents, their captured events, manifestations); none named
-- is null (an event about no company). A value that is no uuid still names a company: it becomes the nil uuid,
-- which no key is restricted to, so the event stays hidden from every restricted key.
CREATE FUNCTION "event_company"(dados jsonb) RETURNS uuid LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN named IS NULL THEN NULL
    WHEN named ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN named::uuid
    ELSE '00000000-0000-0000-0000-000000000000'::uuid
  END
  FROM (SELECT coalesce(dados->>'empresa_id', dados->>'empresaId') AS named) AS n
$$;

ALTER TABLE "events" ADD COLUMN "company_id" UUID;
UPDATE "events" SET "company_id" = "event_company"("dados");

-- The request identity of an Idempotency-Key now includes the method, the route and its parameters: rows stored
-- before keep version 1 (operation and body) and are compared the old way until they expire (30 days).
-- The company a stored answer is about: a key restricted to another company gets 403 instead of the answer. The
-- rows already stored take it from their answer (a note, a batch, a product, a range, a correction's `nfe`, or a
-- stored rejection's note); an answer naming no company (a webhook, a company) stays null, which no restricted key
-- gets.
ALTER TABLE "idempotency_records" ADD COLUMN "company_id" UUID,
ADD COLUMN "fingerprint_version" INTEGER NOT NULL DEFAULT 1;

UPDATE "idempotency_records" AS r SET "company_id" = n.named::uuid
FROM (
  SELECT "id", coalesce(
    "response_body"->>'empresa_id',
    "response_body"->'nfe'->>'empresa_id',
    "response_body"->'storedError'->'extra'->'nfse'->>'empresa_id') AS named
  FROM "idempotency_records") AS n
WHERE n."id" = r."id" AND n.named ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
