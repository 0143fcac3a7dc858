CREATE TABLE "attendance" (
	"occurrence_id" integer NOT NULL,
	"guest_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"marked_by" integer,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attendance_occurrence_id_guest_id_pk" PRIMARY KEY("occurrence_id","guest_id")
);
--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_occurrence_id_event_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."event_occurrences"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_guest_idx" ON "attendance" USING btree ("guest_id","occurrence_id");--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_status_check" CHECK ("status" IN ('present', 'late', 'absent', 'excused', 'cancelled', 'lateCancelled'));--> statement-breakpoint
SELECT ritim_track_changes('attendance');
