CREATE TABLE "sso_attempt" (
	"nonce" varchar(64) PRIMARY KEY NOT NULL,
	"provider" varchar(50) NOT NULL,
	"user_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sso_attempt_expires_idx" ON "sso_attempt" USING btree ("expires_at");