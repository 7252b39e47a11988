CREATE TABLE "statistics_agency_days" (
	"day" date NOT NULL,
	"agency_code" text NOT NULL,
	"customer_type" text NOT NULL,
	"logins" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount_ht" numeric(18, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_agency_days_day_agency_code_customer_type_pk" PRIMARY KEY("day","agency_code","customer_type")
);
--> statement-breakpoint
CREATE TABLE "statistics_agency_hours" (
	"hour" timestamp with time zone NOT NULL,
	"agency_code" text NOT NULL,
	"customer_type" text NOT NULL,
	"logins" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount_ht" numeric(18, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_agency_hours_hour_agency_code_customer_type_pk" PRIMARY KEY("hour","agency_code","customer_type")
);
--> statement-breakpoint
CREATE TABLE "statistics_customer_days" (
	"customer_code" text NOT NULL,
	"day" date NOT NULL,
	"agency_code" text NOT NULL,
	"customer_type" text NOT NULL,
	"logins" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"amount_ht" numeric(18, 2) DEFAULT 0 NOT NULL,
	CONSTRAINT "statistics_customer_days_customer_code_day_agency_code_customer_type_pk" PRIMARY KEY("customer_code","day","agency_code","customer_type")
);
--> statement-breakpoint
CREATE TABLE "statistics_first_logins" (
	"customer_code" text PRIMARY KEY NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"agency_code" text NOT NULL,
	"customer_type" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "statistics_first_logins_first_at_idx" ON "statistics_first_logins" USING btree ("first_at");