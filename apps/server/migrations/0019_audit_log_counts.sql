CREATE TABLE "audit_log_counts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_counts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"rows" bigint NOT NULL
);
--> statement-breakpoint
INSERT INTO "audit_log_counts" ("rows") SELECT count(*) FROM "audit_logs";
--> statement-breakpoint
-- One row per insert statement on audit_logs, holding its number of rows: writers never wait for
-- each other here (an UPDATE of a shared counter would hold its row lock until each commit), and
-- the sum is exact in every snapshot, since a row commits or rolls back with the audit rows it
-- counts. The list folds the rows into one (modules/audit-logs/repository.ts).
CREATE FUNCTION ritim_count_audit_logs() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_log_counts ("rows") SELECT count(*) FROM added HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_logs_count" AFTER INSERT ON "audit_logs"
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ritim_count_audit_logs();
