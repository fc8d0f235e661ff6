-- Package names were unique only by a check in code, which two concurrent creates could both pass.
-- Every package but the oldest of its name takes its id as a suffix first, so the index applies to
-- any existing data.
UPDATE "TenantPackage" SET "name" = "name" || ' #' || "id"
WHERE EXISTS (SELECT 1 FROM "TenantPackage" AS "older" WHERE "older"."name" = "TenantPackage"."name" AND "older"."id" < "TenantPackage"."id");

-- CreateIndex
CREATE UNIQUE INDEX "TenantPackage_name_key" ON "TenantPackage"("name");
