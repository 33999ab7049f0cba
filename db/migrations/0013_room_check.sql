ALTER TABLE "room_images" ADD COLUMN "room_check" text;--> statement-breakpoint
ALTER TABLE "room_images" ADD COLUMN "room_check_note" text;--> statement-breakpoint
ALTER TABLE "property_studio_variations" ADD COLUMN "room_check" text;--> statement-breakpoint
ALTER TABLE "property_studio_variations" ADD COLUMN "room_check_note" text;--> statement-breakpoint
ALTER TABLE "property_studio_variations" ADD COLUMN "room_check_regions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "property_studio_variations" ADD COLUMN "room_check_residual_px" real;--> statement-breakpoint
ALTER TABLE "property_studio_variations" ADD COLUMN "room_check_answer" text;--> statement-breakpoint
ALTER TABLE "property_studio_variations" ADD COLUMN "room_check_answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "room_images" ADD CONSTRAINT "room_images_room_check_check" CHECK ("room_images"."room_check" is null or "room_images"."room_check" in ('ok', 'check', 'unaligned'));--> statement-breakpoint
ALTER TABLE "property_studio_variations" ADD CONSTRAINT "property_studio_variations_room_check_check" CHECK ("property_studio_variations"."room_check" is null or "property_studio_variations"."room_check" in ('ok', 'check', 'unaligned'));--> statement-breakpoint
ALTER TABLE "property_studio_variations" ADD CONSTRAINT "property_studio_variations_room_check_answer_check" CHECK ("property_studio_variations"."room_check_answer" is null or "property_studio_variations"."room_check_answer" in ('kept', 'replaced'));