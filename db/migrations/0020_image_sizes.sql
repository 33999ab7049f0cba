ALTER TABLE "property_studio_rooms" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "property_studio_rooms" ADD COLUMN "image_height" integer;--> statement-breakpoint
ALTER TABLE "property_studio_variations" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "property_studio_variations" ADD COLUMN "image_height" integer;