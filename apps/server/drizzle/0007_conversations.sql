CREATE SEQUENCE "public"."support_ticket_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "conversation_reads" (
	"conversation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"last_read_seq" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_reads_conversation_id_user_id_pk" PRIMARY KEY("conversation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"user_id" uuid NOT NULL,
	"ticket_number" text,
	"subject" text DEFAULT '' NOT NULL,
	"category" text,
	"status" text,
	"last_message_seq" bigint,
	"last_message_at" timestamp with time zone,
	"last_message_user_id" uuid,
	"last_message_preview" text DEFAULT '' NOT NULL,
	"last_message_attachments" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "conversations_ticket_number_unique" UNIQUE("ticket_number")
);
--> statement-breakpoint
ALTER TABLE "order_comments" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "order_comments" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_last_message_user_id_users_id_fk" FOREIGN KEY ("last_message_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_reads_user_idx" ON "conversation_reads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "conversations_user_last_idx" ON "conversations" USING btree ("user_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_last_idx" ON "conversations" USING btree ("last_message_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_message_id_order_comments_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."order_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_comments" ADD CONSTRAINT "order_comments_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_message_idx" ON "uploads" USING btree ("message_id","position") WHERE "uploads"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "order_comments_conversation_idx" ON "order_comments" USING btree ("conversation_id","seq");--> statement-breakpoint
-- custom SQL (hand-written, keep when regenerating)
-- Every existing order gets its conversation (same id as the order); its comments become the conversation's messages.
INSERT INTO "conversations" ("id", "kind", "order_id", "user_id", "created_at", "updated_at")
SELECT "id", 'order', "id", "user_id", "created_at", "updated_at" FROM "orders"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "order_comments" SET "conversation_id" = "order_id" WHERE "conversation_id" IS NULL AND "order_id" IS NOT NULL;
--> statement-breakpoint
UPDATE "conversations" c
SET "last_message_seq" = m."seq", "last_message_at" = m."created_at", "last_message_user_id" = m."user_id", "last_message_preview" = left(m."text", 200)
FROM (
  SELECT DISTINCT ON ("conversation_id") "conversation_id", "seq", "created_at", "user_id", "text"
  FROM "order_comments" WHERE "conversation_id" IS NOT NULL ORDER BY "conversation_id", "seq" DESC
) m
WHERE m."conversation_id" = c."id";
--> statement-breakpoint
-- Whoever wrote in a conversation has read it up to their own last message.
INSERT INTO "conversation_reads" ("conversation_id", "user_id", "last_read_seq", "read_at")
SELECT "conversation_id", "user_id", max("seq"), max("created_at") FROM "order_comments"
WHERE "conversation_id" IS NOT NULL GROUP BY "conversation_id", "user_id"
ON CONFLICT DO NOTHING;
