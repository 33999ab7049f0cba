ALTER TABLE "property_studio_rooms" ADD COLUMN "same_room_as" uuid;--> statement-breakpoint
ALTER TABLE "property_studio_variations" ADD COLUMN "staging_note" text;--> statement-breakpoint
ALTER TABLE "staging_renders" ADD COLUMN "reference_key" text;--> statement-breakpoint
ALTER TABLE "staging_renders" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "property_studio_rooms" ADD CONSTRAINT "property_studio_rooms_same_room_as_property_studio_rooms_id_fk" FOREIGN KEY ("same_room_as") REFERENCES "public"."property_studio_rooms"("id") ON DELETE set null ON UPDATE no action;