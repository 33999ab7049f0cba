DROP INDEX "agents_user_id_idx";--> statement-breakpoint
DROP INDEX "brand_assets_agent_id_idx";--> statement-breakpoint
ALTER TABLE "client_preferences" ADD COLUMN "agent_email" text;--> statement-breakpoint
ALTER TABLE "client_preferences" ADD COLUMN "quality_level" text;--> statement-breakpoint
ALTER TABLE "client_preferences" ADD COLUMN "lighting_preference" text;--> statement-breakpoint
ALTER TABLE "property_brochures" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "room_images" ADD COLUMN "sort_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "agents_user_id_unique" ON "agents" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "brand_assets_agent_id_unique" ON "brand_assets" USING btree ("agent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rendo_projects_transformation_id_unique" ON "rendo_projects" USING btree ("transformation_id");