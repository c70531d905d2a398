-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "rota_nfse" TEXT;
