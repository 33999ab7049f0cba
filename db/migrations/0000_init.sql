CREATE TABLE "agents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_name" text NOT NULL,
	"agent_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"website" text,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "brand_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"logo_url" text,
	"primary_color" text DEFAULT '#000000' NOT NULL,
	"secondary_color" text DEFAULT '#ffffff' NOT NULL,
	"accent_color" text DEFAULT '#3b82f6' NOT NULL,
	"font_family" text DEFAULT 'Inter' NOT NULL,
	"template_style" text DEFAULT 'modern' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_hits_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"role" text DEFAULT 'user' NOT NULL,
	"is_pioneer_agent" boolean DEFAULT false NOT NULL,
	"pioneer_position" integer,
	"logo_url" text,
	"logo_uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username"),
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_pioneer_position_range" CHECK ("users"."pioneer_position" is null or "users"."pioneer_position" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "transformations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"original_image_url" text,
	"before_image_url" text,
	"after_image_url" text,
	"property_url" text,
	"style" text NOT NULL,
	"areas" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"status_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "transformations_status_check" CHECK ("transformations"."status" in ('pending', 'processing', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "client_preferences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_id" uuid NOT NULL,
	"preferred_style" text,
	"areas_of_interest" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"specific_requests" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rendo_project_id" uuid NOT NULL,
	"recipient_email" text NOT NULL,
	"subject" text,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"clicked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "offer_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"client_email" text,
	"offer_amount" bigint,
	"offer_date" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"linked_email_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"agent_id" uuid,
	"address" text NOT NULL,
	"client_name" text,
	"client_email" text,
	"agent_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_tours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"tour_date" timestamp with time zone,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rendo_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"tour_id" uuid,
	"transformation_id" uuid,
	"status" text DEFAULT 'planned' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "property_brochures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid,
	"agent_id" uuid,
	"transformation_id" uuid,
	"brochure_url" text,
	"file_name" text,
	"buyer_name" text,
	"buyer_email" text,
	"style_preference" text,
	"generated_at" timestamp with time zone,
	"download_count" integer DEFAULT 0 NOT NULL,
	"unique_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	CONSTRAINT "property_brochures_unique_token_unique" UNIQUE("unique_token")
);
--> statement-breakpoint
CREATE TABLE "room_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brochure_id" text NOT NULL,
	"room_type" text,
	"original_image_url" text,
	"staged_image_url" text,
	"render_id" text,
	"variation_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "founding_member_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"message" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"contacted_at" timestamp with time zone,
	"converted_at" timestamp with time zone,
	"estimated_value" integer DEFAULT 150000 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "try_it_free_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"room_type" text,
	"style" text,
	"requires_declutter" boolean DEFAULT false NOT NULL,
	"original_image_url" text,
	"transformed_image_url" text,
	"status" text DEFAULT 'processing' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"email_sent_at" timestamp with time zone,
	"has_converted" boolean DEFAULT false NOT NULL,
	"conversion_date" timestamp with time zone,
	"unique_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "try_it_free_leads_email_unique" UNIQUE("email"),
	CONSTRAINT "try_it_free_leads_unique_token_unique" UNIQUE("unique_token")
);
--> statement-breakpoint
CREATE TABLE "property_session_completions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"selected_variation_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"download_confirmed_at" timestamp with time zone,
	"cleanup_completed_at" timestamp with time zone,
	"has_backup_assets" boolean DEFAULT true NOT NULL,
	"backup_path" text,
	"backup_asset_count" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "property_session_completions_project_id_unique" UNIQUE("project_id")
);
--> statement-breakpoint
CREATE TABLE "property_studio_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"agent_id" uuid,
	"property_address" text NOT NULL,
	"client_name" text,
	"client_email" text,
	"status" text DEFAULT 'active' NOT NULL,
	"total_rooms" integer DEFAULT 0 NOT NULL,
	"completed_rooms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "property_studio_projects_status_check" CHECK ("property_studio_projects"."status" in ('active', 'completed', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "property_studio_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"room_type" text NOT NULL,
	"room_name" text,
	"original_image_url" text NOT NULL,
	"selected_styles" text[] DEFAULT '{}'::text[] NOT NULL,
	"has_furniture" boolean DEFAULT false NOT NULL,
	"render_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "property_studio_usage_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"event_data" jsonb,
	"billing_amount" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "property_studio_variations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"style" text NOT NULL,
	"render_id" text,
	"variation_id" text,
	"image_url" text,
	"thumbnail_url" text,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"is_permanent" boolean DEFAULT false NOT NULL,
	"generation_number" integer DEFAULT 1 NOT NULL,
	"variation_index" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "property_studio_variations_slot_unique" UNIQUE("room_id","style","generation_number","variation_index"),
	CONSTRAINT "property_studio_variations_status_check" CHECK ("property_studio_variations"."status" in ('pending', 'completed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "agent_billing_cycles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid,
	"user_id" uuid NOT NULL,
	"billing_period_start" timestamp with time zone NOT NULL,
	"billing_period_end" timestamp with time zone NOT NULL,
	"total_properties" integer DEFAULT 0 NOT NULL,
	"total_revenue" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"invoice_number" text NOT NULL,
	"due_date" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_billing_cycles_invoice_number_unique" UNIQUE("invoice_number"),
	CONSTRAINT "agent_billing_cycles_user_period_unique" UNIQUE("user_id","billing_period_start")
);
--> statement-breakpoint
CREATE TABLE "agent_invoice_line_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"billing_cycle_id" uuid NOT NULL,
	"project_id" uuid,
	"property_address" text NOT NULL,
	"completed_at" timestamp with time zone,
	"item_description" text NOT NULL,
	"unit_price" integer DEFAULT 9900 NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"total_amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_invoice_line_items_project_id_unique" UNIQUE("project_id")
);
--> statement-breakpoint
CREATE TABLE "agent_performance_metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid,
	"user_id" uuid,
	"metric_period" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"total_properties_processed" integer DEFAULT 0 NOT NULL,
	"total_revenue" integer DEFAULT 0 NOT NULL,
	"average_images_per_property" integer DEFAULT 300 NOT NULL,
	"total_api_credits_used" integer DEFAULT 0 NOT NULL,
	"average_completion_time" double precision,
	"customer_satisfaction_score" double precision,
	"retention_rate" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_usage_tracking" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"images_processed" integer DEFAULT 0 NOT NULL,
	"properties_processed" integer DEFAULT 0 NOT NULL,
	"cost_incurred" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_usage_tracking_agent_month_unique" UNIQUE("agent_id","year","month"),
	CONSTRAINT "api_usage_tracking_month_check" CHECK ("api_usage_tracking"."month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "business_metrics" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"month" integer NOT NULL,
	"total_active_agents" integer DEFAULT 0 NOT NULL,
	"total_mrr" integer DEFAULT 0 NOT NULL,
	"total_images_processed" integer DEFAULT 0 NOT NULL,
	"total_costs" integer DEFAULT 0 NOT NULL,
	"gross_profit" integer DEFAULT 0 NOT NULL,
	"api_tier_used" text DEFAULT '150' NOT NULL,
	"api_utilization_percent" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_metrics_month_unique" UNIQUE("year","month"),
	CONSTRAINT "business_metrics_month_check" CHECK ("business_metrics"."month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "rendo_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" uuid NOT NULL,
	"subscription_tier" text DEFAULT 'standard' NOT NULL,
	"monthly_price" integer DEFAULT 50000 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"project_id" uuid,
	"ticket_number" text NOT NULL,
	"issue_type" text NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"contact_email" text,
	"assigned_to" text,
	"resolution" text,
	"user_agent" text,
	"technical_details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "issue_tickets_ticket_number_unique" UNIQUE("ticket_number"),
	CONSTRAINT "issue_tickets_status_check" CHECK ("issue_tickets"."status" in ('open', 'in-progress', 'resolved', 'closed')),
	CONSTRAINT "issue_tickets_priority_check" CHECK ("issue_tickets"."priority" in ('low', 'medium', 'high', 'critical'))
);
--> statement-breakpoint
CREATE TABLE "ticket_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author" text NOT NULL,
	"comment" text NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_assets" ADD CONSTRAINT "brand_assets_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transformations" ADD CONSTRAINT "transformations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_preferences" ADD CONSTRAINT "client_preferences_tour_id_property_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."property_tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_events" ADD CONSTRAINT "email_events_rendo_project_id_rendo_projects_id_fk" FOREIGN KEY ("rendo_project_id") REFERENCES "public"."rendo_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_events" ADD CONSTRAINT "offer_events_linked_email_id_email_events_id_fk" FOREIGN KEY ("linked_email_id") REFERENCES "public"."email_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_tours" ADD CONSTRAINT "property_tours_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rendo_projects" ADD CONSTRAINT "rendo_projects_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rendo_projects" ADD CONSTRAINT "rendo_projects_tour_id_property_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."property_tours"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rendo_projects" ADD CONSTRAINT "rendo_projects_transformation_id_transformations_id_fk" FOREIGN KEY ("transformation_id") REFERENCES "public"."transformations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_brochures" ADD CONSTRAINT "property_brochures_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_brochures" ADD CONSTRAINT "property_brochures_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_brochures" ADD CONSTRAINT "property_brochures_transformation_id_transformations_id_fk" FOREIGN KEY ("transformation_id") REFERENCES "public"."transformations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_images" ADD CONSTRAINT "room_images_brochure_id_property_brochures_unique_token_fk" FOREIGN KEY ("brochure_id") REFERENCES "public"."property_brochures"("unique_token") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "property_session_completions" ADD CONSTRAINT "property_session_completions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_session_completions" ADD CONSTRAINT "property_session_completions_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."property_studio_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_studio_projects" ADD CONSTRAINT "property_studio_projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_studio_projects" ADD CONSTRAINT "property_studio_projects_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_studio_rooms" ADD CONSTRAINT "property_studio_rooms_project_id_property_studio_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."property_studio_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_studio_usage_events" ADD CONSTRAINT "property_studio_usage_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_studio_usage_events" ADD CONSTRAINT "property_studio_usage_events_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."property_studio_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_studio_variations" ADD CONSTRAINT "property_studio_variations_room_id_property_studio_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."property_studio_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_billing_cycles" ADD CONSTRAINT "agent_billing_cycles_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_billing_cycles" ADD CONSTRAINT "agent_billing_cycles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_invoice_line_items" ADD CONSTRAINT "agent_invoice_line_items_billing_cycle_id_fk" FOREIGN KEY ("billing_cycle_id") REFERENCES "public"."agent_billing_cycles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_invoice_line_items" ADD CONSTRAINT "agent_invoice_line_items_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."property_studio_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_performance_metrics" ADD CONSTRAINT "agent_performance_metrics_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_performance_metrics" ADD CONSTRAINT "agent_performance_metrics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_usage_tracking" ADD CONSTRAINT "api_usage_tracking_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rendo_subscriptions" ADD CONSTRAINT "rendo_subscriptions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_tickets" ADD CONSTRAINT "issue_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_tickets" ADD CONSTRAINT "issue_tickets_project_id_property_studio_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."property_studio_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_comments" ADD CONSTRAINT "ticket_comments_ticket_id_issue_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."issue_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agents_email_lower_unique" ON "agents" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "agents_user_id_idx" ON "agents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "brand_assets_agent_id_idx" ON "brand_assets" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_start_idx" ON "rate_limit_hits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_unique" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_pioneer_position_unique" ON "users" USING btree ("pioneer_position") WHERE "users"."pioneer_position" is not null;--> statement-breakpoint
CREATE INDEX "transformations_user_id_idx" ON "transformations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "transformations_status_idx" ON "transformations" USING btree ("status");--> statement-breakpoint
CREATE INDEX "transformations_created_at_idx" ON "transformations" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "client_preferences_tour_id_idx" ON "client_preferences" USING btree ("tour_id");--> statement-breakpoint
CREATE INDEX "email_events_rendo_project_id_idx" ON "email_events" USING btree ("rendo_project_id");--> statement-breakpoint
CREATE INDEX "offer_events_property_id_idx" ON "offer_events" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "properties_user_id_idx" ON "properties" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "properties_agent_id_idx" ON "properties" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "property_tours_property_id_idx" ON "property_tours" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "rendo_projects_property_id_idx" ON "rendo_projects" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "rendo_projects_status_idx" ON "rendo_projects" USING btree ("status");--> statement-breakpoint
CREATE INDEX "property_brochures_agent_id_idx" ON "property_brochures" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "property_brochures_property_id_idx" ON "property_brochures" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "room_images_brochure_id_idx" ON "room_images" USING btree ("brochure_id");--> statement-breakpoint
CREATE INDEX "founding_member_applications_status_idx" ON "founding_member_applications" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "try_it_free_leads_email_lower_unique" ON "try_it_free_leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "try_it_free_leads_status_idx" ON "try_it_free_leads" USING btree ("status");--> statement-breakpoint
CREATE INDEX "property_session_completions_user_id_idx" ON "property_session_completions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "property_studio_projects_user_id_idx" ON "property_studio_projects" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "property_studio_projects_agent_id_idx" ON "property_studio_projects" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "property_studio_projects_status_idx" ON "property_studio_projects" USING btree ("status");--> statement-breakpoint
CREATE INDEX "property_studio_rooms_project_id_idx" ON "property_studio_rooms" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "property_studio_usage_events_project_id_idx" ON "property_studio_usage_events" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "property_studio_usage_events_user_id_idx" ON "property_studio_usage_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "property_studio_usage_events_type_created_idx" ON "property_studio_usage_events" USING btree ("event_type","created_at");--> statement-breakpoint
CREATE INDEX "agent_billing_cycles_agent_id_idx" ON "agent_billing_cycles" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "agent_billing_cycles_status_idx" ON "agent_billing_cycles" USING btree ("status");--> statement-breakpoint
CREATE INDEX "agent_invoice_line_items_billing_cycle_id_idx" ON "agent_invoice_line_items" USING btree ("billing_cycle_id");--> statement-breakpoint
CREATE INDEX "agent_performance_metrics_agent_id_idx" ON "agent_performance_metrics" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "agent_performance_metrics_user_id_idx" ON "agent_performance_metrics" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rendo_subscriptions_agent_id_idx" ON "rendo_subscriptions" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "issue_tickets_user_id_idx" ON "issue_tickets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "issue_tickets_project_id_idx" ON "issue_tickets" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "issue_tickets_status_idx" ON "issue_tickets" USING btree ("status");--> statement-breakpoint
CREATE INDEX "issue_tickets_created_at_idx" ON "issue_tickets" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ticket_comments_ticket_id_idx" ON "ticket_comments" USING btree ("ticket_id");