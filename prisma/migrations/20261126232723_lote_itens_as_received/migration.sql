-- A batch's lines are stored as lote_itens rows `validando` when it is created, instead of one JSON value on
-- the batch. A batch still validating keeps its lines: its received lines become rows `validando` (any rows a
-- dead validation stored for it are replaced, as that validation would have replaced them), so the worker
-- that resumes it finds them.
DELETE FROM "lote_itens" WHERE "lote_id" IN (SELECT "id" FROM "lotes" WHERE "status" = 'validando' AND jsonb_typeof("entrada") = 'array');

INSERT INTO "lote_itens" ("id", "lote_id", "linha", "referencia", "status", "request", "updated_at")
SELECT gen_random_uuid(), l."id", e."linha",
  CASE WHEN jsonb_typeof(e."request" -> 'referencia') = 'string' THEN left(e."request" ->> 'referencia', 200) END,
  'validando', e."request", l."updated_at"
FROM "lotes" l
CROSS JOIN LATERAL jsonb_array_elements(l."entrada") WITH ORDINALITY AS e("request", "linha")
WHERE l."status" = 'validando' AND jsonb_typeof(l."entrada") = 'array';

-- AlterTable
ALTER TABLE "lotes" DROP COLUMN "entrada";
