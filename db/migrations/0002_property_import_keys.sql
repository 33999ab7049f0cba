CREATE TABLE "property_import_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"import_key" text NOT NULL,
	"project_id" uuid NOT NULL,
	"room_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_import_keys_user_key_unique" UNIQUE("user_id","import_key")
);
--> statement-breakpoint
ALTER TABLE "property_import_keys" ADD CONSTRAINT "property_import_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_import_keys" ADD CONSTRAINT "property_import_keys_project_id_property_studio_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."property_studio_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_import_keys" ADD CONSTRAINT "property_import_keys_room_id_property_studio_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."property_studio_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "property_import_keys_project_id_idx" ON "property_import_keys" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "property_import_keys_room_id_idx" ON "property_import_keys" USING btree ("room_id");