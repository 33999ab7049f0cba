CREATE TABLE "telegram_deliveries" (
	"variation_id" uuid PRIMARY KEY NOT NULL,
	"intake_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telegram_intake_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"intake_id" uuid NOT NULL,
	"file_id" text NOT NULL,
	"file_unique_id" text NOT NULL,
	"file_name" text,
	"caption" text,
	"message_id" integer NOT NULL,
	"room_type" text NOT NULL,
	"has_furniture" boolean DEFAULT false NOT NULL,
	"room_id" uuid,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_intake_photos_file_unique" UNIQUE("intake_id","file_unique_id")
);
--> statement-breakpoint
CREATE TABLE "telegram_intakes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"telegram_user_id" bigint NOT NULL,
	"chat_id" bigint NOT NULL,
	"step" text DEFAULT 'property' NOT NULL,
	"project_id" uuid,
	"styles" text[] DEFAULT '{}'::text[] NOT NULL,
	"prompt_message_id" integer,
	"status_message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "telegram_intakes_step_check" CHECK ("telegram_intakes"."step" in ('property', 'address', 'details', 'submitted'))
);
--> statement-breakpoint
CREATE TABLE "telegram_link_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_link_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
CREATE TABLE "telegram_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"telegram_user_id" bigint NOT NULL,
	"telegram_username" text,
	"current_project_id" uuid,
	"conversation" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_links_user_id_unique" UNIQUE("user_id"),
	CONSTRAINT "telegram_links_telegram_user_id_unique" UNIQUE("telegram_user_id")
);
--> statement-breakpoint
ALTER TABLE "telegram_deliveries" ADD CONSTRAINT "telegram_deliveries_variation_id_property_studio_variations_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."property_studio_variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_deliveries" ADD CONSTRAINT "telegram_deliveries_intake_id_telegram_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."telegram_intakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_intake_photos" ADD CONSTRAINT "telegram_intake_photos_intake_id_telegram_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "public"."telegram_intakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_intake_photos" ADD CONSTRAINT "telegram_intake_photos_room_id_property_studio_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."property_studio_rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_intakes" ADD CONSTRAINT "telegram_intakes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_intakes" ADD CONSTRAINT "telegram_intakes_project_id_property_studio_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."property_studio_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_link_codes" ADD CONSTRAINT "telegram_link_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_links" ADD CONSTRAINT "telegram_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_links" ADD CONSTRAINT "telegram_links_current_project_id_property_studio_projects_id_fk" FOREIGN KEY ("current_project_id") REFERENCES "public"."property_studio_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_deliveries_intake_id_idx" ON "telegram_deliveries" USING btree ("intake_id");--> statement-breakpoint
CREATE INDEX "telegram_intake_photos_room_id_idx" ON "telegram_intake_photos" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_intakes_open_unique" ON "telegram_intakes" USING btree ("telegram_user_id") WHERE "telegram_intakes"."step" <> 'submitted';--> statement-breakpoint
CREATE INDEX "telegram_intakes_user_id_idx" ON "telegram_intakes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "telegram_link_codes_user_id_idx" ON "telegram_link_codes" USING btree ("user_id");