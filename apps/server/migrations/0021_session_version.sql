-- An access token carries the session version it was signed at; a password change or reset (and a
-- deactivation) raises it, so every token signed before is refused (auth/sessions.ts).
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Each refused check of a secret has its own action in the audit log.
ALTER TABLE "audit_logs" DROP CONSTRAINT "audit_logs_action_check";--> statement-breakpoint
ALTER TABLE "audit_logs" ADD CONSTRAINT "audit_logs_action_check" CHECK ("action" IN ('create', 'update', 'delete', 'archive', 'approve', 'unapprove', 'cancel', 'restore', 'send', 'retry', 'split', 'makeup', 'rsvp', 'login', 'loginFailed', 'passwordReset', 'twoFactorEnable', 'twoFactorDisable', 'twoFactorCodeFailed', 'twoFactorDisableFailed', 'passwordChangeFailed'));
