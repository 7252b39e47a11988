-- The web accounts' profiles (name, state, last login) and their one-time invitation links
-- (docs/contract/accounts.md), owned by the accounts module.
CREATE TABLE "account_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"name" text,
	"state" text DEFAULT 'actif' NOT NULL,
	"invited_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "account_profiles_state" CHECK ("state" in ('invite', 'actif', 'desactive'))
);
--> statement-breakpoint
ALTER TABLE "account_invitations" ADD CONSTRAINT "account_invitations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_profiles" ADD CONSTRAINT "account_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_invitations_user_idx" ON "account_invitations" USING btree ("user_id");