CREATE TABLE "import_staged_writes" (
	"job_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"op" text NOT NULL,
	"rows" jsonb NOT NULL,
	CONSTRAINT "import_staged_writes_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
ALTER TABLE "import_staged_writes" ADD CONSTRAINT "import_staged_writes_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;