-- Top-bar search over conversations (modules/search): a ticket by its subject or number, any
-- conversation by a word of one of its messages. Same 'simple' configuration as 0010.
-- custom SQL (hand-written, keep when regenerating)
ALTER TABLE "conversations" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
  to_tsvector('simple', coalesce("subject", '') || ' ' || coalesce("ticket_number", '') || ' ' || translate(coalesce("ticket_number", ''), '-', ' '))
) STORED;
--> statement-breakpoint
CREATE INDEX "conversations_search_idx" ON "conversations" USING gin ("search");
--> statement-breakpoint
ALTER TABLE "order_comments" ADD COLUMN "search" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "text")) STORED;
--> statement-breakpoint
CREATE INDEX "order_comments_search_idx" ON "order_comments" USING gin ("search");
