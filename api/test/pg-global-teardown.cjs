module.exports = async function globalTeardown() {
  globalThis.__streamflixPostgres?.stop();
};
