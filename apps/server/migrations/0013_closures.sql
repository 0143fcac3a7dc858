CREATE TABLE "closures" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"timezone" text NOT NULL,
	"starts_from" timestamp with time zone NOT NULL,
	"ends_before" timestamp with time zone NOT NULL,
	"scope_kind" text NOT NULL,
	"location_id" integer,
	"organiser_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "occurrence_cancellations" ADD COLUMN "closure_id" integer;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closures_range_idx" ON "closures" USING btree ("starts_from","ends_before");--> statement-breakpoint
ALTER TABLE "occurrence_cancellations" ADD CONSTRAINT "occurrence_cancellations_closure_id_closures_id_fk" FOREIGN KEY ("closure_id") REFERENCES "public"."closures"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "occurrence_cancellations_closure_idx" ON "occurrence_cancellations" USING btree ("closure_id");--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_scope_check" CHECK (
  ("scope_kind" = 'all' AND "location_id" IS NULL AND "organiser_id" IS NULL)
  OR ("scope_kind" = 'location' AND "location_id" IS NOT NULL AND "organiser_id" IS NULL)
  OR ("scope_kind" = 'organiser' AND "organiser_id" IS NOT NULL AND "location_id" IS NULL));--> statement-breakpoint
ALTER TABLE "closures" ADD CONSTRAINT "closures_days_check" CHECK ("from_day" <= "to_day" AND "starts_from" < "ends_before");--> statement-breakpoint
SELECT ritim_track_changes('closures');
