CREATE TABLE "live_event_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"token_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "live_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_ids" uuid[] NOT NULL,
	"staff" boolean DEFAULT false NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_event_tickets" ADD CONSTRAINT "live_event_tickets_token_id_auth_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."auth_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_event_tickets" ADD CONSTRAINT "live_event_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_event_tickets_expires_idx" ON "live_event_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "live_event_tickets_token_idx" ON "live_event_tickets" USING btree ("token_id");--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");