-- CreateTable
CREATE TABLE "OAuth2RefreshToken" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "refreshToken" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "userType" INTEGER NOT NULL,
    "tenantId" INTEGER NOT NULL,
    "clientId" TEXT NOT NULL,
    "expiresTime" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE UNIQUE INDEX "OAuth2RefreshToken_refreshToken_key" ON "OAuth2RefreshToken"("refreshToken");

-- CreateIndex
CREATE INDEX "OAuth2RefreshToken_tenantId_userId_idx" ON "OAuth2RefreshToken"("tenantId", "userId");

-- CreateIndex
CREATE INDEX "OAuth2RefreshToken_expiresTime_idx" ON "OAuth2RefreshToken"("expiresTime");

-- CreateIndex
CREATE INDEX "OAuth2AccessToken_refreshToken_idx" ON "OAuth2AccessToken"("refreshToken");
