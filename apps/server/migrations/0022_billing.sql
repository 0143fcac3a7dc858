CREATE TABLE "billing_account_guests" (
	"guest_id" integer PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone" text,
	"language" text DEFAULT 'en' NOT NULL,
	"search" text GENERATED ALWAYS AS (ritim_fold(name || ' ' || coalesce(email, ''))) STORED,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"occurrence_id" integer NOT NULL,
	"guest_id" integer NOT NULL,
	"guest_name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"amount" integer NOT NULL,
	"package_id" integer
);
--> statement-breakpoint
CREATE TABLE "billing_invoice_numbers" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"currency" text NOT NULL,
	"month" text NOT NULL,
	"timezone" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"number" text,
	"total" bigint DEFAULT 0 NOT NULL,
	"issued_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_invoices_currency_check" CHECK ("billing_invoices"."currency" in ('TRY', 'GBP', 'EUR', 'USD')),
	CONSTRAINT "billing_invoices_status_check" CHECK ("billing_invoices"."status" in ('draft', 'issued', 'void'))
);
--> statement-breakpoint
CREATE TABLE "billing_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"sessions" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"event_id" integer,
	"valid_until" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_packages_sessions_check" CHECK ("billing_packages"."sessions" > 0),
	CONSTRAINT "billing_packages_amount_check" CHECK ("billing_packages"."amount" >= 0),
	CONSTRAINT "billing_packages_currency_check" CHECK ("billing_packages"."currency" in ('TRY', 'GBP', 'EUR', 'USD'))
);
--> statement-breakpoint
CREATE TABLE "billing_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"method" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_payments_amount_check" CHECK ("billing_payments"."amount" > 0),
	CONSTRAINT "billing_payments_currency_check" CHECK ("billing_payments"."currency" in ('TRY', 'GBP', 'EUR', 'USD'))
);
--> statement-breakpoint
CREATE TABLE "billing_policy" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"charged_statuses" text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_policy_single_row" CHECK ("billing_policy"."id")
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "price_amount" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "price_currency" text;--> statement-breakpoint
ALTER TABLE "billing_account_guests" ADD CONSTRAINT "billing_account_guests_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_account_guests" ADD CONSTRAINT "billing_account_guests_account_id_billing_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."billing_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoice_lines" ADD CONSTRAINT "billing_invoice_lines_invoice_id_billing_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."billing_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoice_lines" ADD CONSTRAINT "billing_invoice_lines_package_id_billing_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."billing_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_account_id_billing_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."billing_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_packages" ADD CONSTRAINT "billing_packages_account_id_billing_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."billing_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_packages" ADD CONSTRAINT "billing_packages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_packages" ADD CONSTRAINT "billing_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_account_id_billing_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."billing_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_payments" ADD CONSTRAINT "billing_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_account_guests_account_idx" ON "billing_account_guests" USING btree ("account_id","guest_id");--> statement-breakpoint
CREATE INDEX "billing_accounts_name_idx" ON "billing_accounts" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "billing_accounts_created_at_idx" ON "billing_accounts" USING btree ("created_at" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "billing_accounts_search_idx" ON "billing_accounts" USING gin ("search" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "billing_invoice_lines_invoice_idx" ON "billing_invoice_lines" USING btree ("invoice_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "billing_invoice_lines_pair_idx" ON "billing_invoice_lines" USING btree ("occurrence_id","guest_id");--> statement-breakpoint
CREATE INDEX "billing_invoice_lines_package_idx" ON "billing_invoice_lines" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_draft_key" ON "billing_invoices" USING btree ("account_id","currency","month") WHERE "billing_invoices"."status" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "billing_invoices_number_key" ON "billing_invoices" USING btree ("number");--> statement-breakpoint
CREATE INDEX "billing_invoices_account_idx" ON "billing_invoices" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "billing_invoices_status_idx" ON "billing_invoices" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "billing_invoices_month_idx" ON "billing_invoices" USING btree ("month","created_at","id");--> statement-breakpoint
CREATE INDEX "billing_invoices_created_at_idx" ON "billing_invoices" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "billing_packages_account_idx" ON "billing_packages" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "billing_payments_account_idx" ON "billing_payments" USING btree ("account_id","received_at","id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_price_check" CHECK (("events"."price_amount" is null and "events"."price_currency" is null) or ("events"."price_amount" >= 0 and "events"."price_currency" in ('TRY', 'GBP', 'EUR', 'USD')));--> statement-breakpoint
-- Invoices are issued and voided (docs/domain.md#billing).
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_action_check";--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_action_check" CHECK ("action" IN ('create', 'update', 'delete', 'archive', 'approve', 'unapprove', 'cancel', 'restore', 'send', 'retry', 'split', 'makeup', 'rsvp', 'login', 'loginFailed', 'passwordReset', 'twoFactorEnable', 'twoFactorDisable', 'twoFactorCodeFailed', 'twoFactorDisableFailed', 'passwordChangeFailed', 'issue', 'void'));
--> statement-breakpoint
-- Billing's tables feed answers (accounts, invoices, an event's price): each bumps the data version.
SELECT ritim_track_changes(t) FROM unnest(ARRAY['billing_policy', 'billing_accounts', 'billing_account_guests',
  'billing_packages', 'billing_invoices', 'billing_invoice_lines', 'billing_invoice_numbers',
  'billing_payments']::regclass[]) AS t;
