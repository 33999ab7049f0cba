ALTER TABLE "room_images" ADD COLUMN "image_width" integer;--> statement-breakpoint
ALTER TABLE "room_images" ADD COLUMN "image_height" integer;