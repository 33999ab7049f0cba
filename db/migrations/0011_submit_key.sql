ALTER TABLE "staging_renders" ADD COLUMN "submit_key" text;--> statement-breakpoint
CREATE INDEX "staging_renders_provider_submit_key_idx" ON "staging_renders" USING btree ("provider","submit_key");