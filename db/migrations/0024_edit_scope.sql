ALTER TABLE "property_studio_variations" ADD COLUMN "edit_scope" jsonb;--> statement-breakpoint
ALTER TABLE "staging_renders" ADD COLUMN "scope" jsonb;--> statement-breakpoint
ALTER TABLE "staging_renders" ADD COLUMN "scope_mask_key" text;