-- AlterTable
ALTER TABLE "accounts" ADD COLUMN     "email" TEXT;
