-- The PDFs already in the folder keep their names: each row's stored file is its ERP file name.
ALTER TABLE "order_documents" ADD COLUMN "stored_file" text;
--> statement-breakpoint
UPDATE "order_documents" SET "stored_file" = "file_name";
--> statement-breakpoint
ALTER TABLE "order_documents" ALTER COLUMN "stored_file" SET NOT NULL;
