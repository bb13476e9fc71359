CREATE TABLE "cast_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text,
	"image_keys" text[] NOT NULL,
	"likeness_consent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cast_members_kind_valid" CHECK ("cast_members"."kind" IN ('character', 'product', 'style')),
	CONSTRAINT "cast_members_images_count" CHECK (cardinality("cast_members"."image_keys") BETWEEN 1 AND 3),
	CONSTRAINT "cast_members_character_consent" CHECK ("cast_members"."kind" <> 'character' OR "cast_members"."likeness_consent_at" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "variation_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "video_requests" ADD COLUMN "cast" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "cast_members" ADD CONSTRAINT "cast_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cast_members_user_created_idx" ON "cast_members" USING btree ("user_id","created_at");