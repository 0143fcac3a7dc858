CREATE TABLE "rsvps" (
	"occurrence_id" integer NOT NULL,
	"guest_id" integer NOT NULL,
	"nonce" text NOT NULL,
	"token_hash" text NOT NULL,
	"response" text,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rsvps_occurrence_id_guest_id_pk" PRIMARY KEY("occurrence_id","guest_id")
);
--> statement-breakpoint
ALTER TABLE "rsvps" ADD CONSTRAINT "rsvps_occurrence_id_event_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."event_occurrences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rsvps" ADD CONSTRAINT "rsvps_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rsvps_token_hash_key" ON "rsvps" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "rsvps" ADD CONSTRAINT "rsvps_response_check" CHECK ("response" IS NULL OR "response" IN ('yes', 'no'));--> statement-breakpoint
ALTER TABLE "rsvps" ADD CONSTRAINT "rsvps_responded_check" CHECK (("response" IS NULL) = ("responded_at" IS NULL));--> statement-breakpoint
SELECT ritim_track_changes('rsvps');
