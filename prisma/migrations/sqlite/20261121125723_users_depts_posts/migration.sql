/*
  Warnings:

  - You are about to drop the column `postIds` on the `AdminUser` table. All the data in the column will be lost.

*/
-- CreateTable
CREATE TABLE "Dept" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "parentId" INTEGER NOT NULL DEFAULT 0,
    "sort" INTEGER NOT NULL,
    "leaderUserId" INTEGER,
    "phone" TEXT,
    "email" TEXT,
    "status" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "Post" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "sort" INTEGER NOT NULL,
    "status" INTEGER NOT NULL DEFAULT 0,
    "remark" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "UserPost" (
    "tenantId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "postId" INTEGER NOT NULL,

    PRIMARY KEY ("userId", "postId"),
    CONSTRAINT "UserPost_userId_fkey" FOREIGN KEY ("userId") REFERENCES "AdminUser" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "UserPost_postId_fkey" FOREIGN KEY ("postId") REFERENCES "Post" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AdminUser" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "tenantId" INTEGER NOT NULL,
    "username" TEXT NOT NULL,
    "passwordHash" TEXT NOT NULL,
    "nickname" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "remark" TEXT,
    "deptId" INTEGER,
    "email" TEXT,
    "mobile" TEXT,
    "sex" INTEGER,
    "avatar" TEXT,
    "status" INTEGER NOT NULL DEFAULT 0,
    "loginIp" TEXT,
    "loginDate" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_AdminUser" ("avatar", "createdAt", "deptId", "email", "id", "loginDate", "loginIp", "mobile", "name", "nickname", "passwordHash", "remark", "sex", "status", "tenantId", "updatedAt", "username") SELECT "avatar", "createdAt", "deptId", "email", "id", "loginDate", "loginIp", "mobile", "name", "nickname", "passwordHash", "remark", "sex", "status", "tenantId", "updatedAt", "username" FROM "AdminUser";
DROP TABLE "AdminUser";
ALTER TABLE "new_AdminUser" RENAME TO "AdminUser";
CREATE INDEX "AdminUser_tenantId_deptId_idx" ON "AdminUser"("tenantId", "deptId");
CREATE UNIQUE INDEX "AdminUser_tenantId_username_key" ON "AdminUser"("tenantId", "username");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Dept_tenantId_parentId_idx" ON "Dept"("tenantId", "parentId");

-- CreateIndex
CREATE UNIQUE INDEX "Post_tenantId_code_key" ON "Post"("tenantId", "code");

-- CreateIndex
CREATE INDEX "UserPost_postId_idx" ON "UserPost"("postId");
