CREATE TABLE "occurrence_cancellations" (
	"id" serial PRIMARY KEY NOT NULL,
	"occurrence_id" integer NOT NULL,
	"reason" text NOT NULL,
	"previous_status" text NOT NULL,
	"cancelled_by" integer,
	"cancelled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "occurrence_cancellations" ADD CONSTRAINT "occurrence_cancellations_occurrence_id_event_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."event_occurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occurrence_cancellations" ADD CONSTRAINT "occurrence_cancellations_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "occurrence_cancellations_occurrence_key" ON "occurrence_cancellations" USING btree ("occurrence_id");--> statement-breakpoint
ALTER TABLE "occurrence_cancellations" ADD CONSTRAINT "occurrence_cancellations_previous_status_check" CHECK ("previous_status" IN ('scheduled', 'approved'));--> statement-breakpoint
SELECT ritim_track_changes('occurrence_cancellations');
