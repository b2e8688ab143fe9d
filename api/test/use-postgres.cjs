// Per test file (jest gives each file its own process.env): src/test/test-app.ts builds apps on PostgreSQL.
process.env.STREAMFLIX_TEST_DB = 'postgres';
