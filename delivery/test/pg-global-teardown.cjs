module.exports = async function globalTeardown() {
  globalThis.__controlPlanePostgres?.stop();
};
