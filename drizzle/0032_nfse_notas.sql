CREATE TABLE "nfse_customer_documents" (
	"user_id" text PRIMARY KEY NOT NULL,
	"document" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nfse_notas" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" text NOT NULL,
	"payment_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"item" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"emitter" text,
	"number" text,
	"pdf_url" text,
	"xml_url" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"cancel_requested_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nfse_notas_payment_ref_unique" UNIQUE("payment_ref"),
	CONSTRAINT "nfse_notas_state_valid" CHECK ("nfse_notas"."state" IN ('pending', 'issuing', 'processing', 'issued', 'failed', 'cancelled')),
	CONSTRAINT "nfse_notas_amount_positive" CHECK ("nfse_notas"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "nfse_customer_documents" ADD CONSTRAINT "nfse_customer_documents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nfse_notas_state_idx" ON "nfse_notas" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "nfse_notas_user_idx" ON "nfse_notas" USING btree ("user_id","created_at" DESC NULLS LAST);