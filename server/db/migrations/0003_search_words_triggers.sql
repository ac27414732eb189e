-- Keeps search_words current: the lexemes of rows inserted or updated in any table with a
-- `search` tsvector. Statement-level triggers with transition tables, so a bulk insert of 100k
-- rows adds its words in one statement. Tables that get a `search` column later need their own
-- triggers (a later migration runs the loop below again).
CREATE OR REPLACE FUNCTION search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (table_name, word)
  SELECT DISTINCT TG_TABLE_NAME, w FROM new_rows, unnest(tsvector_to_array(new_rows.search)) AS w
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOR t IN SELECT c.table_name FROM information_schema.columns c
    WHERE c.table_schema = current_schema() AND c.column_name = 'search' AND c.udt_name = 'tsvector'
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_add()', t || '_search_words_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_add()', t || '_search_words_upd', t);
    EXECUTE format('INSERT INTO search_words (table_name, word) SELECT DISTINCT %L, w FROM %I, unnest(tsvector_to_array(search)) AS w ON CONFLICT DO NOTHING', t, t);
  END LOOP;
END $$;
