CREATE TABLE "occurrence_covers" (
	"occurrence_id" integer PRIMARY KEY NOT NULL,
	"organiser_id" integer NOT NULL,
	"original_organiser_id" integer NOT NULL,
	"covered_by" integer,
	"covered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_off" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"timezone" text NOT NULL,
	"starts_from" timestamp with time zone NOT NULL,
	"ends_before" timestamp with time zone NOT NULL,
	"reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "working_hours" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"day" smallint NOT NULL,
	"from_minute" smallint NOT NULL,
	"to_minute" smallint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_occurrences" ADD COLUMN "cover_organiser_id" integer;--> statement-breakpoint
ALTER TABLE "occurrence_covers" ADD CONSTRAINT "occurrence_covers_occurrence_id_event_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."event_occurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occurrence_covers" ADD CONSTRAINT "occurrence_covers_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occurrence_covers" ADD CONSTRAINT "occurrence_covers_original_organiser_id_users_id_fk" FOREIGN KEY ("original_organiser_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occurrence_covers" ADD CONSTRAINT "occurrence_covers_covered_by_users_id_fk" FOREIGN KEY ("covered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "working_hours" ADD CONSTRAINT "working_hours_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "occurrence_covers_organiser_at_idx" ON "occurrence_covers" USING btree ("organiser_id","covered_at");--> statement-breakpoint
CREATE INDEX "time_off_user_idx" ON "time_off" USING btree ("user_id","starts_from");--> statement-breakpoint
CREATE INDEX "time_off_range_idx" ON "time_off" USING btree ("ends_before","starts_from");--> statement-breakpoint
CREATE INDEX "working_hours_user_idx" ON "working_hours" USING btree ("user_id","day","from_minute");--> statement-breakpoint
ALTER TABLE "event_occurrences" ADD CONSTRAINT "event_occurrences_cover_organiser_id_users_id_fk" FOREIGN KEY ("cover_organiser_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_occurrences_cover_organiser_idx" ON "event_occurrences" USING btree ("cover_organiser_id","starts_at") WHERE "event_occurrences"."cover_organiser_id" is not null;
--> statement-breakpoint
SELECT ritim_track_changes('occurrence_covers');--> statement-breakpoint
SELECT ritim_track_changes('working_hours');--> statement-breakpoint
SELECT ritim_track_changes('time_off');
