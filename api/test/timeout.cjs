// jest ignores a project's testTimeout when it runs several projects from the root config (5 s instead),
// and on a loaded machine building a test app (migrations, seed; on PostgreSQL a database of its own)
// can take longer than that. Both API projects load this file.
jest.setTimeout(60_000);
