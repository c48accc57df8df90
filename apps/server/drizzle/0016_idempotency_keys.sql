-- Idempotency-Key reservations and stored answers (lib/idempotency.ts); rows live 24 hours.
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key_hash" text NOT NULL,
	"fingerprint" text,
	"locked_until" timestamp with time zone,
	"change_committed" boolean DEFAULT false NOT NULL,
	"response_status" integer,
	"response_sealed" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_hash_pk" PRIMARY KEY("scope","key_hash")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");