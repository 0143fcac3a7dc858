CREATE TABLE "approved_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"starts_from" timestamp with time zone NOT NULL,
	"ends_before" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "approved_days_range_idx" ON "approved_days" USING btree ("ends_before","starts_from");--> statement-breakpoint
ALTER TABLE "approved_days" ADD CONSTRAINT "approved_days_range_check" CHECK ("starts_from" < "ends_before");
