CREATE TABLE "property_studio_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"watermarking_enabled" boolean DEFAULT false NOT NULL,
	"variation_ids" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_studio_checkouts_project_id_unique" UNIQUE("project_id"),
	CONSTRAINT "property_studio_checkouts_payment_intent_id_unique" UNIQUE("payment_intent_id")
);
--> statement-breakpoint
CREATE TABLE "property_studio_download_assets" (
	"variation_id" uuid PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"watermarked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_studio_download_assets_name_unique" UNIQUE("project_id","file_name")
);
--> statement-breakpoint
ALTER TABLE "property_studio_checkouts" ADD CONSTRAINT "property_studio_checkouts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_studio_checkouts" ADD CONSTRAINT "property_studio_checkouts_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."property_studio_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_studio_download_assets" ADD CONSTRAINT "property_studio_download_assets_variation_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."property_studio_variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_studio_download_assets" ADD CONSTRAINT "property_studio_download_assets_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."property_studio_projects"("id") ON DELETE cascade ON UPDATE no action;