ALTER TABLE "ads" ADD COLUMN "desktop_image_2x_url" text;--> statement-breakpoint
ALTER TABLE "ads" ADD COLUMN "mobile_image_2x_url" text;