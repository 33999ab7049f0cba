CREATE SEQUENCE "public"."gallery_change_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "property_studio_rooms" ADD COLUMN "change_seq" bigint DEFAULT nextval('gallery_change_seq') NOT NULL;--> statement-breakpoint
ALTER TABLE "property_studio_variations" ADD COLUMN "change_seq" bigint DEFAULT nextval('gallery_change_seq') NOT NULL;--> statement-breakpoint
-- Written by hand (drizzle-kit does not model triggers): an update takes a fresh change number,
-- so the gallery's (count, highest change number) moves whenever what it shows moves.
CREATE FUNCTION "take_gallery_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.change_seq := nextval('gallery_change_seq');
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "property_studio_variations_gallery_change" BEFORE UPDATE ON "property_studio_variations"
	FOR EACH ROW EXECUTE FUNCTION "take_gallery_change"();--> statement-breakpoint
CREATE TRIGGER "property_studio_rooms_gallery_change" BEFORE UPDATE OF "room_name", "room_type", "sort_order" ON "property_studio_rooms"
	FOR EACH ROW EXECUTE FUNCTION "take_gallery_change"();
