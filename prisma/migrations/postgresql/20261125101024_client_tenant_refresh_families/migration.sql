-- Existing refresh tokens each start a family of their own (familyId = refreshToken).
-- AlterTable
ALTER TABLE "OAuth2Client" ADD COLUMN     "tenantId" INTEGER NOT NULL DEFAULT 1;

-- AlterTable
ALTER TABLE "OAuth2RefreshToken" ADD COLUMN     "familyId" TEXT,
ADD COLUMN     "usedAt" TIMESTAMP(3);
UPDATE "OAuth2RefreshToken" SET "familyId" = "refreshToken";
ALTER TABLE "OAuth2RefreshToken" ALTER COLUMN "familyId" SET NOT NULL;

-- CreateIndex
CREATE INDEX "OAuth2RefreshToken_familyId_idx" ON "OAuth2RefreshToken"("familyId");
