-- custom SQL (hand-written, keep when regenerating)
-- 1. Staff lists search a substring anywhere (ILIKE '%term%'), which no b-tree can serve: trigram
-- GIN indexes (pg_trgm; PGlite loads the extension from @electric-sql/pglite/contrib/pg_trgm) let
-- PostgreSQL find the rows holding the term's trigrams instead of reading every row. Each column a
-- staff search ORs over is indexed, so the OR becomes a BitmapOr; branches over another table are
-- written `col = any(array(select …))` by the repositories, which an index on `col` serves.
-- Terms shorter than three characters have no trigram: those still read the table.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "orders_order_number_trgm_idx" ON "orders" USING gin ("order_number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "orders_design_name_trgm_idx" ON "orders" USING gin ("design_name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name") gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "conversations_subject_trgm_idx" ON "conversations" USING gin ("subject" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "conversations_ticket_number_trgm_idx" ON "conversations" USING gin ("ticket_number" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "order_comments_text_trgm_idx" ON "order_comments" USING gin ("text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "leads_name_trgm_idx" ON "leads" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "leads_email_trgm_idx" ON "leads" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "leads_phone_trgm_idx" ON "leads" USING gin ("phone" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "leads_design_idea_trgm_idx" ON "leads" USING gin ("design_idea" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "audit_log_target_label_trgm_idx" ON "audit_log" USING gin ("target_label" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "audit_log_target_id_trgm_idx" ON "audit_log" USING gin ("target_id" gin_trgm_ops);
--> statement-breakpoint
-- 2. users.content_version (0005) moved on every update of an order or upload, so each comment
-- (which touches its order's updated_at), quote price, payment or CAD file rewrote the customer's
-- users row (a new row version with its search vector, and a lock on the row every request reads).
-- It now moves only when something a customer's designs show changes: an order's number, status,
-- estimate, design or owner; an upload that is (or was) a design's image.
CREATE FUNCTION "bump_content_version_by_shown_order"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "content_version" = "content_version" + 1
  WHERE "id" IN (
    SELECT "v"."user_id"
    FROM "new_rows" "n" JOIN "old_rows" "o" ON "o"."id" = "n"."id",
      LATERAL (VALUES ("n"."user_id"), ("o"."user_id")) AS "v"("user_id")
    WHERE ("n"."user_id", "n"."design_id", "n"."order_number", "n"."status", "n"."estimate")
      IS DISTINCT FROM ("o"."user_id", "o"."design_id", "o"."order_number", "o"."status", "o"."estimate"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bump_content_version_by_design_upload"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "content_version" = "content_version" + 1
  WHERE "id" IN (SELECT "user_id" FROM "changed_rows" WHERE "design_id" IS NOT NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "bump_content_version_by_changed_design_upload"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "content_version" = "content_version" + 1
  WHERE "id" IN (
    SELECT "user_id" FROM "new_rows" WHERE "design_id" IS NOT NULL
    UNION SELECT "user_id" FROM "old_rows" WHERE "design_id" IS NOT NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "orders_content_version_upd" ON "orders";
--> statement-breakpoint
CREATE TRIGGER "orders_content_version_upd" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version_by_shown_order"();
--> statement-breakpoint
DROP TRIGGER "uploads_content_version_ins" ON "uploads";
--> statement-breakpoint
CREATE TRIGGER "uploads_content_version_ins" AFTER INSERT ON "uploads" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version_by_design_upload"();
--> statement-breakpoint
DROP TRIGGER "uploads_content_version_upd" ON "uploads";
--> statement-breakpoint
CREATE TRIGGER "uploads_content_version_upd" AFTER UPDATE ON "uploads" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version_by_changed_design_upload"();
--> statement-breakpoint
DROP TRIGGER "uploads_content_version_del" ON "uploads";
--> statement-breakpoint
CREATE TRIGGER "uploads_content_version_del" AFTER DELETE ON "uploads" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "bump_content_version_by_design_upload"();
