-- CreateTable
CREATE TABLE "OperationLog" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "userId" INTEGER,
    "username" TEXT,
    "operation" TEXT NOT NULL,
    "targetId" TEXT,
    "resultCode" INTEGER NOT NULL,
    "resultMsg" TEXT,
    "durationMs" INTEGER NOT NULL,
    "ip" TEXT NOT NULL,
    "requestId" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "OperationLog_tenantId_createdAt_idx" ON "OperationLog"("tenantId", "createdAt");

-- CreateIndex
CREATE INDEX "OperationLog_tenantId_userId_idx" ON "OperationLog"("tenantId", "userId");

-- CreateIndex
CREATE INDEX "OperationLog_tenantId_operation_idx" ON "OperationLog"("tenantId", "operation");
