-- AlterTable
ALTER TABLE "nfe" ADD COLUMN     "epec" JSONB;
