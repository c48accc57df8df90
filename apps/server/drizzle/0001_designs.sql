CREATE TABLE "design_stones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"design_id" uuid NOT NULL,
	"ordinal" integer NOT NULL,
	"stone_type" text DEFAULT '' NOT NULL,
	"stone_cut" text DEFAULT 'NA' NOT NULL,
	"stone_carat" numeric(12, 2),
	"stone_color" text DEFAULT '' NOT NULL,
	"stone_clarity" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "designs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"design_type" text DEFAULT 'other' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"inspiration_link" text DEFAULT '' NOT NULL,
	"metal_type" text DEFAULT '' NOT NULL,
	"metal_color" text DEFAULT '' NOT NULL,
	"purity" text DEFAULT '' NOT NULL,
	"metal" text DEFAULT '' NOT NULL,
	"weight" numeric(12, 2),
	"weight_unit" text DEFAULT 'g' NOT NULL,
	"style" text DEFAULT '' NOT NULL,
	"setting_type" text DEFAULT '' NOT NULL,
	"band_width" numeric(12, 2),
	"design_features" text DEFAULT '' NOT NULL,
	"stones_text" text DEFAULT '' NOT NULL,
	"length" numeric(12, 2),
	"width" numeric(12, 2),
	"height" numeric(12, 2),
	"size" text DEFAULT '' NOT NULL,
	"ring_size" text DEFAULT '' NOT NULL,
	"chain_length" text DEFAULT '' NOT NULL,
	"budget" numeric(12, 2),
	"budget_range" text DEFAULT '' NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"special_requests" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"source" text DEFAULT 'custom' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text DEFAULT 'design_image' NOT NULL,
	"design_id" uuid,
	"file_name" text NOT NULL,
	"size" integer NOT NULL,
	"content_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"storage_key" text,
	"thumbnail_key" text,
	"preview_key" text,
	"width" integer,
	"height" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "design_stones" ADD CONSTRAINT "design_stones_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "designs" ADD CONSTRAINT "designs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_design_id_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "design_stones_design_idx" ON "design_stones" USING btree ("design_id","ordinal");--> statement-breakpoint
CREATE INDEX "designs_user_created_idx" ON "designs" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "uploads_user_created_idx" ON "uploads" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "uploads_design_idx" ON "uploads" USING btree ("design_id","position");--> statement-breakpoint
CREATE INDEX "uploads_storage_key_idx" ON "uploads" USING btree ("storage_key") WHERE "uploads"."storage_key" is not null;