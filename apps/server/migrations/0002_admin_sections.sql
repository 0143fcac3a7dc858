CREATE TABLE "form_groups" (
	"form_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "form_groups_form_id_group_id_pk" PRIMARY KEY("form_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"schema" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"search" text GENERATED ALWAYS AS (ritim_fold(title || ' ' || coalesce(description, ''))) STORED,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"search" text GENERATED ALWAYS AS (ritim_fold(name)) STORED,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lookups" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"label" text NOT NULL,
	"parent_id" integer,
	"lookupable_type" text,
	"lookupable_id" integer,
	"user_ref" integer GENERATED ALWAYS AS (case when lookupable_type = 'users' then lookupable_id end) STORED,
	"group_ref" integer GENERATED ALWAYS AS (case when lookupable_type = 'groups' then lookupable_id end) STORED,
	"location_ref" integer GENERATED ALWAYS AS (case when lookupable_type = 'locations' then lookupable_id end) STORED,
	"form_ref" integer GENERATED ALWAYS AS (case when lookupable_type = 'forms' then lookupable_id end) STORED,
	"message_group_ref" integer GENERATED ALWAYS AS (case when lookupable_type = 'message-groups' then lookupable_id end) STORED,
	"search" text GENERATED ALWAYS AS (ritim_fold(key || ' ' || value || ' ' || label)) STORED,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"external_id" text,
	"search" text GENERATED ALWAYS AS (ritim_fold(name || ' ' || coalesce(external_id, ''))) STORED,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"user_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "user_groups_user_id_group_id_pk" PRIMARY KEY("user_id","group_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "message_group_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search" text GENERATED ALWAYS AS (ritim_fold(coalesce(username, '') || ' ' || coalesce(name, '') || ' ' || coalesce(surname, '') || ' ' || coalesce(email, ''))) STORED;--> statement-breakpoint
ALTER TABLE "form_groups" ADD CONSTRAINT "form_groups_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_groups" ADD CONSTRAINT "form_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "forms" ADD CONSTRAINT "forms_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookups" ADD CONSTRAINT "lookups_parent_id_lookups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."lookups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookups" ADD CONSTRAINT "lookups_user_ref_users_id_fk" FOREIGN KEY ("user_ref") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookups" ADD CONSTRAINT "lookups_group_ref_groups_id_fk" FOREIGN KEY ("group_ref") REFERENCES "public"."groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookups" ADD CONSTRAINT "lookups_location_ref_locations_id_fk" FOREIGN KEY ("location_ref") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookups" ADD CONSTRAINT "lookups_form_ref_forms_id_fk" FOREIGN KEY ("form_ref") REFERENCES "public"."forms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookups" ADD CONSTRAINT "lookups_message_group_ref_message_groups_id_fk" FOREIGN KEY ("message_group_ref") REFERENCES "public"."message_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lookups" ADD CONSTRAINT "lookups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_groups" ADD CONSTRAINT "message_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_groups_group_idx" ON "form_groups" USING btree ("group_id","form_id");--> statement-breakpoint
CREATE INDEX "forms_title_idx" ON "forms" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "forms_created_at_idx" ON "forms" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "forms_status_title_idx" ON "forms" USING btree ("status","title","id");--> statement-breakpoint
CREATE INDEX "forms_status_created_at_idx" ON "forms" USING btree ("status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "forms_search_idx" ON "forms" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "groups_name_idx" ON "groups" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "groups_created_at_idx" ON "groups" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "groups_status_name_idx" ON "groups" USING btree ("status","name","id");--> statement-breakpoint
CREATE INDEX "groups_status_created_at_idx" ON "groups" USING btree ("status","created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "groups_search_idx" ON "groups" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lookups_key_idx" ON "lookups" USING btree ("key","id");--> statement-breakpoint
CREATE INDEX "lookups_value_idx" ON "lookups" USING btree ("value","id");--> statement-breakpoint
CREATE INDEX "lookups_parent_idx" ON "lookups" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "lookups_lookupable_idx" ON "lookups" USING btree ("lookupable_type","lookupable_id","key");--> statement-breakpoint
CREATE INDEX "lookups_user_ref_idx" ON "lookups" USING btree ("user_ref");--> statement-breakpoint
CREATE INDEX "lookups_group_ref_idx" ON "lookups" USING btree ("group_ref");--> statement-breakpoint
CREATE INDEX "lookups_location_ref_idx" ON "lookups" USING btree ("location_ref");--> statement-breakpoint
CREATE INDEX "lookups_form_ref_idx" ON "lookups" USING btree ("form_ref");--> statement-breakpoint
CREATE INDEX "lookups_message_group_ref_idx" ON "lookups" USING btree ("message_group_ref");--> statement-breakpoint
CREATE INDEX "lookups_search_idx" ON "lookups" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "message_groups_external_id_key" ON "message_groups" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "message_groups_name_idx" ON "message_groups" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "message_groups_search_idx" ON "message_groups" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_groups_group_idx" ON "user_groups" USING btree ("group_id","user_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_message_group_id_message_groups_id_fk" FOREIGN KEY ("message_group_id") REFERENCES "public"."message_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_username_idx" ON "users" USING btree ("username","id");--> statement-breakpoint
CREATE INDEX "users_role_status_idx" ON "users" USING btree ("role","status","id");--> statement-breakpoint
CREATE INDEX "users_message_group_idx" ON "users" USING btree ("message_group_id");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
-- Form 1 is the one Upcoming Events offers for filling (spec §2), so a new database has it.
INSERT INTO "forms" ("id", "title", "description", "schema") VALUES (1, 'Session notes', 'Attendance and notes for each guest after a session.', '{"fields":[{"type":"input","name":"first_name","label":"First name","subtype":"text","placeholder":"First name","required":true},{"type":"input","name":"last_name","label":"Last name","subtype":"text","placeholder":"Last name","required":true},{"type":"radiogroup","name":"attendance","label":"Attendance","required":true,"defaultValue":"attended","options":[{"key":"attended","value":"attended","label":"Attended","description":"Took part in the session"},{"key":"late","value":"late","label":"Late","description":"Joined after the start"},{"key":"absent","value":"absent","label":"Absent","description":"Did not take part"}]},{"type":"textarea","name":"Aciklama","label":"Notes","placeholder":"How did the session go?"}]}'::jsonb);
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('forms', 'id'), (SELECT max("id") FROM "forms"));
