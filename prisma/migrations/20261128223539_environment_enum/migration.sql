-- `environment` ('test' | 'live') becomes an enum on every table that carries it. Converted in place, so the rows,
-- their keys and their indexes stay (PostgreSQL rebuilds each index on the new type). The enum lists live before
-- test, the order of the text values, so ordering by environment keeps its order.
CREATE TYPE "Environment" AS ENUM ('live', 'test');

ALTER TABLE "api_keys" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "capture_states" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "document_manifestations" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "dps_sequences" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "event_counters" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "events" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "idempotency_records" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "lotes" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "nfe" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "nfe_eventos" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "nfe_inutilizacoes" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "nfe_sequences" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "nfse" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "produtos" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "received_document_events" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "received_documents" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "request_log" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "usage_counters" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "webhook_deliveries" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "webhook_dispatch_positions" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "webhook_inflight" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";

ALTER TABLE "webhooks" ALTER COLUMN "environment" TYPE "Environment" USING "environment"::"Environment";
