CREATE TABLE "content_versions" (
	"kind" varchar(40) PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
