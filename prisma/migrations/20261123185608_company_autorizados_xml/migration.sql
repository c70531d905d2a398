-- AlterTable
ALTER TABLE "companies" ADD COLUMN     "autorizados_xml" TEXT[] DEFAULT ARRAY[]::TEXT[];
