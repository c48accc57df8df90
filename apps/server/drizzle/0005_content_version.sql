ALTER TABLE "users" ADD COLUMN "content_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- users.content_version moves whenever a row a customer's designs show changes: the design, its
-- stones, its images (uploads), its order. Statement-level triggers with transition tables: one
-- UPDATE of users per statement and owner, however many rows the statement touched.
CREATE FUNCTION "bump_content_version_by_user_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "content_version" = "content_version" + 1
  WHERE "id" IN (SELECT DISTINCT "user_id" FROM "changed_rows" WHERE "user_id" IS NOT NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bump_content_version_by_design_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "content_version" = "content_version" + 1
  WHERE "id" IN (SELECT DISTINCT "d"."user_id" FROM "designs" "d" JOIN "changed_rows" "c" ON "c"."design_id" = "d"."id");
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "designs_content_version_ins" AFTER INSERT ON "designs" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "designs_content_version_upd" AFTER UPDATE ON "designs" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "designs_content_version_del" AFTER DELETE ON "designs" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "uploads_content_version_ins" AFTER INSERT ON "uploads" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "uploads_content_version_upd" AFTER UPDATE ON "uploads" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "uploads_content_version_del" AFTER DELETE ON "uploads" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "orders_content_version_ins" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "orders_content_version_upd" AFTER UPDATE ON "orders" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "orders_content_version_del" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version_by_user_id"();
--> statement-breakpoint
CREATE TRIGGER "design_stones_content_version_ins" AFTER INSERT ON "design_stones" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version_by_design_id"();
--> statement-breakpoint
CREATE TRIGGER "design_stones_content_version_upd" AFTER UPDATE ON "design_stones" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version_by_design_id"();
--> statement-breakpoint
CREATE TRIGGER "design_stones_content_version_del" AFTER DELETE ON "design_stones" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version_by_design_id"();
