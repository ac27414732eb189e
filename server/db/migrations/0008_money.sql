CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" varchar(3) NOT NULL,
	"npr_per_unit" double precision NOT NULL,
	"rate_date" date NOT NULL,
	"source" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "destinations" ADD COLUMN "living_cost_yearly" integer;--> statement-breakpoint
ALTER TABLE "destinations" ADD COLUMN "visa_fee" integer;--> statement-breakpoint
ALTER TABLE "destinations" ADD COLUMN "health_insurance_yearly" integer;--> statement-breakpoint
CREATE INDEX "exchange_rates_currency_idx" ON "exchange_rates" USING btree ("currency","rate_date");