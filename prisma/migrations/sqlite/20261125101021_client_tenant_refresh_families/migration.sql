-- Existing refresh tokens each start a family of their own (familyId = refreshToken).
-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_OAuth2Client" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "clientId" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "logo" TEXT NOT NULL,
    "description" TEXT,
    "status" INTEGER NOT NULL DEFAULT 0,
    "accessTokenValiditySeconds" INTEGER NOT NULL,
    "refreshTokenValiditySeconds" INTEGER NOT NULL,
    "redirectUris" JSONB NOT NULL,
    "authorizedGrantTypes" JSONB NOT NULL,
    "scopes" JSONB NOT NULL,
    "autoApproveScopes" JSONB NOT NULL,
    "authorities" JSONB NOT NULL,
    "resourceIds" JSONB NOT NULL,
    "additionalInformation" TEXT,
    "partnerName" TEXT,
    "partnerContact" TEXT,
    "tenantId" INTEGER NOT NULL DEFAULT 1,
    "ipWhitelist" TEXT NOT NULL DEFAULT '',
    "rateLimitQps" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_OAuth2Client" ("accessTokenValiditySeconds", "additionalInformation", "authorities", "authorizedGrantTypes", "autoApproveScopes", "clientId", "createdAt", "description", "id", "ipWhitelist", "logo", "name", "partnerContact", "partnerName", "rateLimitQps", "redirectUris", "refreshTokenValiditySeconds", "resourceIds", "scopes", "secretHash", "status", "updatedAt") SELECT "accessTokenValiditySeconds", "additionalInformation", "authorities", "authorizedGrantTypes", "autoApproveScopes", "clientId", "createdAt", "description", "id", "ipWhitelist", "logo", "name", "partnerContact", "partnerName", "rateLimitQps", "redirectUris", "refreshTokenValiditySeconds", "resourceIds", "scopes", "secretHash", "status", "updatedAt" FROM "OAuth2Client";
DROP TABLE "OAuth2Client";
ALTER TABLE "new_OAuth2Client" RENAME TO "OAuth2Client";
CREATE UNIQUE INDEX "OAuth2Client_clientId_key" ON "OAuth2Client"("clientId");
CREATE TABLE "new_OAuth2RefreshToken" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "refreshToken" TEXT NOT NULL,
    "familyId" TEXT NOT NULL,
    "usedAt" DATETIME,
    "userId" INTEGER NOT NULL,
    "userType" INTEGER NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "clientId" TEXT NOT NULL,
    "expiresTime" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_OAuth2RefreshToken" ("clientId", "createdAt", "expiresTime", "familyId", "id", "refreshToken", "tenantId", "userId", "userType") SELECT "clientId", "createdAt", "expiresTime", "refreshToken", "id", "refreshToken", "tenantId", "userId", "userType" FROM "OAuth2RefreshToken";
DROP TABLE "OAuth2RefreshToken";
ALTER TABLE "new_OAuth2RefreshToken" RENAME TO "OAuth2RefreshToken";
CREATE UNIQUE INDEX "OAuth2RefreshToken_refreshToken_key" ON "OAuth2RefreshToken"("refreshToken");
CREATE INDEX "OAuth2RefreshToken_tenantId_userId_idx" ON "OAuth2RefreshToken"("tenantId", "userId");
CREATE INDEX "OAuth2RefreshToken_expiresTime_idx" ON "OAuth2RefreshToken"("expiresTime");
CREATE INDEX "OAuth2RefreshToken_familyId_idx" ON "OAuth2RefreshToken"("familyId");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
