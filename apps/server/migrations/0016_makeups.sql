CREATE TABLE "occurrence_makeups" (
	"occurrence_id" integer PRIMARY KEY NOT NULL,
	"of_occurrence_id" integer NOT NULL,
	"guest_id" integer NOT NULL,
	"booked_by" integer,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "occurrence_makeups" ADD CONSTRAINT "occurrence_makeups_occurrence_id_event_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."event_occurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occurrence_makeups" ADD CONSTRAINT "occurrence_makeups_of_occurrence_id_event_occurrences_id_fk" FOREIGN KEY ("of_occurrence_id") REFERENCES "public"."event_occurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occurrence_makeups" ADD CONSTRAINT "occurrence_makeups_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "occurrence_makeups" ADD CONSTRAINT "occurrence_makeups_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "occurrence_makeups_of_idx" ON "occurrence_makeups" USING btree ("of_occurrence_id","guest_id");--> statement-breakpoint
SELECT ritim_track_changes('occurrence_makeups');
