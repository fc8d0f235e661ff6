-- CreateTable
CREATE TABLE "OperationLog" (
    "id" SERIAL NOT NULL,
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
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OperationLog_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OperationLog_tenantId_createdAt_idx" ON "OperationLog"("tenantId", "createdAt");

-- CreateIndex
CREATE INDEX "OperationLog_tenantId_userId_idx" ON "OperationLog"("tenantId", "userId");

-- CreateIndex
CREATE INDEX "OperationLog_tenantId_operation_idx" ON "OperationLog"("tenantId", "operation");
