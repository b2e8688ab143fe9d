/**
 * Starts the PostgreSQL server the api-pg project runs on, or uses STREAMFLIX_TEST_DATABASE_URL when set
 * (a server where this role may CREATE DATABASE). Never skips: without PostgreSQL the run fails here.
 */
const { startPostgres } = require('../scripts/postgres-server.cjs');

module.exports = async function globalSetup() {
  if (process.env.STREAMFLIX_TEST_DATABASE_URL) {
    process.env.STREAMFLIX_PG_ADMIN_URL = process.env.STREAMFLIX_TEST_DATABASE_URL;
    return;
  }
  let server;
  try {
    server = await startPostgres();
  } catch (err) {
    throw new Error(
      `The PostgreSQL test run needs a PostgreSQL server and could not start one.\n${err.message}`,
    );
  }
  globalThis.__streamflixPostgres = server;
  // Global teardown stops it; this covers a run that ends without one (a crash, an interrupted watch).
  process.once('exit', () => server.stop());
  // Workers are forked after global setup, so they inherit this.
  process.env.STREAMFLIX_PG_ADMIN_URL = server.url;
};
