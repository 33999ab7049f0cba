CREATE TABLE "transformation_renders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transformation_id" uuid NOT NULL,
	"area" text NOT NULL,
	"source_key" text NOT NULL,
	"image_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "transformation_renders_area_unique" UNIQUE("transformation_id","area"),
	CONSTRAINT "transformation_renders_status_check" CHECK ("transformation_renders"."status" in ('pending', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "render_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"ok" boolean NOT NULL,
	"duration_ms" integer NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transformations" ADD COLUMN "email_results_to" text;--> statement-breakpoint
ALTER TABLE "transformations" ADD COLUMN "results_emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transformation_renders" ADD CONSTRAINT "transformation_renders_transformation_id_transformations_id_fk" FOREIGN KEY ("transformation_id") REFERENCES "public"."transformations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "render_calls_created_at_idx" ON "render_calls" USING btree ("created_at");