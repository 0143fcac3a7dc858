CREATE TABLE "form_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"occurrence_id" integer NOT NULL,
	"guest_id" integer,
	"form_version" integer NOT NULL,
	"data" jsonb NOT NULL,
	"submitted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_submissions_form_occurrence_guest_key" UNIQUE NULLS NOT DISTINCT("form_id","occurrence_id","guest_id")
);
--> statement-breakpoint
CREATE TABLE "message_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"occurrence_id" integer,
	"form_id" integer,
	"month" text,
	"recipient_user_id" integer,
	"recipient_message_group_id" integer,
	"recipient_name" text NOT NULL,
	"guest_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"attachment" jsonb,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "event_occurrences" ADD COLUMN "moved" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_occurrence_id_event_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."event_occurrences"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_logs" ADD CONSTRAINT "message_logs_occurrence_id_event_occurrences_id_fk" FOREIGN KEY ("occurrence_id") REFERENCES "public"."event_occurrences"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_logs" ADD CONSTRAINT "message_logs_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_logs" ADD CONSTRAINT "message_logs_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_logs" ADD CONSTRAINT "message_logs_recipient_message_group_id_message_groups_id_fk" FOREIGN KEY ("recipient_message_group_id") REFERENCES "public"."message_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_logs" ADD CONSTRAINT "message_logs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_submissions_occurrence_idx" ON "form_submissions" USING btree ("occurrence_id");--> statement-breakpoint
CREATE INDEX "form_submissions_guest_idx" ON "form_submissions" USING btree ("guest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_logs_idempotency_key" ON "message_logs" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "message_logs_created_at_idx" ON "message_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "message_logs_status_created_at_idx" ON "message_logs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "message_logs_occurrence_idx" ON "message_logs" USING btree ("occurrence_id");--> statement-breakpoint
CREATE INDEX "message_logs_recipient_user_idx" ON "message_logs" USING btree ("recipient_user_id");--> statement-breakpoint
CREATE INDEX "message_logs_recipient_group_idx" ON "message_logs" USING btree ("recipient_message_group_id");