// Per test file (jest gives each file its own process.env): the control plane's test apps use PostgreSQL.
process.env.CONTROL_PLANE_TEST_DB = 'postgres';
