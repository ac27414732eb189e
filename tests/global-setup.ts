/** Says once which engines the API tests run on, so a run without PostgreSQL is never mistaken for one with it. */
export default function setup() {
  const url = process.env.TEST_DATABASE_URL;
  console.log(
    url
      ? `API tests: PGlite and PostgreSQL (${url.replace(/\/\/[^@]*@/, '//')})`
      : 'API tests: PGlite only (TEST_DATABASE_URL is not set, so PostgreSQL is skipped)',
  );
}
