-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "endereco" JSONB;
