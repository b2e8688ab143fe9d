/**
 * The API's PostgreSQL set-up (a throwaway server, or STREAMFLIX_TEST_DATABASE_URL), unless the api-pg
 * project of the same run already started one: then its server is shared (every test makes a database of
 * its own), rather than a second one started beside it.
 */
const apiSetup = require('../../api/test/pg-global-setup.cjs');

module.exports = async function globalSetup() {
  if (process.env.STREAMFLIX_PG_ADMIN_URL) return;
  await apiSetup();
  globalThis.__controlPlanePostgres = globalThis.__streamflixPostgres;
};
