CREATE TABLE "originals_pages" (
	"token" text PRIMARY KEY NOT NULL,
	"project_id" uuid NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "brand_assets" ADD COLUMN "disclosure_text" text;--> statement-breakpoint
ALTER TABLE "originals_pages" ADD CONSTRAINT "originals_pages_project_id_property_studio_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."property_studio_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "originals_pages_live_unique" ON "originals_pages" USING btree ("project_id") WHERE "originals_pages"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "originals_pages_project_id_idx" ON "originals_pages" USING btree ("project_id");