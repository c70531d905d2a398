-- AlterTable
ALTER TABLE "webhooks" ADD COLUMN     "disabled_at" TIMESTAMPTZ(3);
