-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "credenciais_provedor" JSONB;
