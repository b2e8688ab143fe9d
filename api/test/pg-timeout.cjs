// A project's testTimeout is not applied when jest runs several projects from the root config, and on
// PostgreSQL each test app creates, migrates and seeds a database of its own: give hooks and tests room.
jest.setTimeout(60_000);
