CREATE TABLE "job_pool_heartbeats" (
	"pool_id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staging_renders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" text NOT NULL,
	"subject" jsonb NOT NULL,
	"subject_key" text NOT NULL,
	"original_key" text NOT NULL,
	"room_type" text NOT NULL,
	"style" text,
	"remove_furniture" boolean DEFAULT false NOT NULL,
	"count" integer NOT NULL,
	"first_index" integer DEFAULT 0 NOT NULL,
	"continues_id" uuid,
	"priority" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"model" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"provider_render_id" text,
	"provider_image_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"known_before" text[] DEFAULT '{}'::text[] NOT NULL,
	"received_count" integer DEFAULT 0 NOT NULL,
	"cost_usd_micros" bigint,
	"busy_count" integer DEFAULT 0 NOT NULL,
	"error_message" text,
	"submit_started_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staging_renders_subject_key_unique" UNIQUE("subject_key")
);
--> statement-breakpoint
ALTER TABLE "property_studio_variations" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "property_studio_variations" ADD COLUMN "model" text;--> statement-breakpoint
ALTER TABLE "property_studio_variations" ADD COLUMN "cost_usd_micros" bigint;--> statement-breakpoint
CREATE INDEX "staging_renders_provider_state_idx" ON "staging_renders" USING btree ("provider","state");--> statement-breakpoint
CREATE INDEX "staging_renders_created_at_idx" ON "staging_renders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "staging_renders_provider_render_id_idx" ON "staging_renders" USING btree ("provider_render_id");--> statement-breakpoint
-- Written by hand: variations made before this release name their provider the way they were made
-- (the old HTTP adapter left a render id; the local preview none).
UPDATE "property_studio_variations" SET "provider" = CASE WHEN "render_id" IS NULL THEN 'local' ELSE 'http' END WHERE "status" = 'completed';
