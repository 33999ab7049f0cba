ALTER TABLE "telegram_deliveries" DROP CONSTRAINT "telegram_deliveries_variation_id_property_studio_variations_id_fk";
--> statement-breakpoint
ALTER TABLE "telegram_links" DROP CONSTRAINT "telegram_links_current_project_id_property_studio_projects_id_fk";
--> statement-breakpoint
ALTER TABLE "telegram_deliveries" ADD CONSTRAINT "telegram_deliveries_variation_id_fk" FOREIGN KEY ("variation_id") REFERENCES "public"."property_studio_variations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_links" ADD CONSTRAINT "telegram_links_current_project_id_fk" FOREIGN KEY ("current_project_id") REFERENCES "public"."property_studio_projects"("id") ON DELETE set null ON UPDATE no action;