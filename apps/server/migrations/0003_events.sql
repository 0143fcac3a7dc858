CREATE TABLE "event_guests" (
	"event_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "event_guests_event_id_user_id_pk" PRIMARY KEY("event_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "event_occurrences" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"has_guest_override" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"conference_link" text,
	"rrule" text NOT NULL,
	"timezone" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"does_not_repeat" boolean DEFAULT false NOT NULL,
	"generated_until" timestamp with time zone,
	"organiser_id" integer NOT NULL,
	"location_id" integer NOT NULL,
	"search" text GENERATED ALWAYS AS (ritim_fold(title || ' ' || coalesce(description, ''))) STORED,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "occurrence_guests" (
	"occurrence_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "occurrence_guests_occurrence_id_user_id_pk" PRIMARY KEY("occurrence_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "lookups" ADD COLUMN "event_ref" integer GENERATED ALWAYS AS (case when lookupable_type = 'events' then lookupable_id end) STORED;--> statement-breakpoint
ALTER TABLE "event_guests" ADD CONSTRAINT "event_guests_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_guests" ADD CONSTRAINT "event_guests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_occurrences" ADD CONSTRAINT "event_occurrences_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occurrence_guests" ADD CONSTRAINT "occurrence_guests_occurrence_id_event_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."event_occurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occurrence_guests" ADD CONSTRAINT "occurrence_guests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_guests_user_idx" ON "event_guests" USING btree ("user_id","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_occurrences_event_start_key" ON "event_occurrences" USING btree ("event_id","starts_at");--> statement-breakpoint
CREATE INDEX "event_occurrences_starts_at_idx" ON "event_occurrences" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "event_occurrences_status_starts_at_idx" ON "event_occurrences" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "events_title_idx" ON "events" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "events_created_at_idx" ON "events" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "events_status_title_idx" ON "events" USING btree ("status","title","id");--> statement-breakpoint
CREATE INDEX "events_status_created_at_idx" ON "events" USING btree ("status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "events_status_repeat_idx" ON "events" USING btree ("status","does_not_repeat","id");--> statement-breakpoint
CREATE INDEX "events_organiser_idx" ON "events" USING btree ("organiser_id");--> statement-breakpoint
CREATE INDEX "events_location_idx" ON "events" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "events_horizon_idx" ON "events" USING btree ("generated_until");--> statement-breakpoint
CREATE INDEX "events_search_idx" ON "events" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "occurrence_guests_user_idx" ON "occurrence_guests" USING btree ("user_id","occurrence_id");--> statement-breakpoint
ALTER TABLE "lookups" ADD CONSTRAINT "lookups_event_ref_events_id_fk" FOREIGN KEY ("event_ref") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lookups_event_ref_idx" ON "lookups" USING btree ("event_ref");