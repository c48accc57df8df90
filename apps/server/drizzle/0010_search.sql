-- Top-bar search (modules/search): full-text columns kept by PostgreSQL itself, and GIN indexes.
-- custom SQL (hand-written, keep when regenerating)
-- 'simple' configuration: no stemming and no stop words, so names, metals and order numbers are
-- found as typed; queries are prefix terms ("rub:*"). Order numbers are indexed with their dashes
-- as spaces (the parser would read "-2026" as a signed number) and their number without leading
-- zeros, so "JW-2026-000123", "000123" and "123" all find JW-2026-000123. E-mail addresses are
-- indexed whole and in parts, so "meera" finds meera.rao@example.com.
ALTER TABLE "designs" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', coalesce("name", '')), 'A') ||
  setweight(to_tsvector('simple', coalesce("description", '')), 'B') ||
  setweight(to_tsvector('simple',
    coalesce("design_type", '') || ' ' || coalesce("metal_type", '') || ' ' || coalesce("metal_color", '') || ' ' ||
    coalesce("purity", '') || ' ' || coalesce("metal", '') || ' ' || coalesce("style", '') || ' ' ||
    coalesce("setting_type", '') || ' ' || coalesce("design_features", '') || ' ' || coalesce("stones_text", '') || ' ' ||
    coalesce("special_requests", '')), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX "designs_search_idx" ON "designs" USING gin ("search");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple',
    translate("order_number", '-', ' ') || ' ' || ltrim(split_part("order_number", '-', 3), '0')), 'A') ||
  setweight(to_tsvector('simple', coalesce("design_name", '') || ' ' || coalesce("design_type", '')), 'B')
) STORED;
--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin ("search");
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  to_tsvector('simple',
    coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || coalesce("username", '') || ' ' ||
    coalesce("email", '') || ' ' || translate(coalesce("email", ''), '@.+_-', '     '))
) STORED;
--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search");
