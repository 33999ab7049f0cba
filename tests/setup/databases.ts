/** The migrated database every test file's own is cloned from (tests/setup/global-postgres.ts). */
export const TEMPLATE = 'rendo_template'
/** Clones of the template made ahead of the files that will take them (tests/setup/test-db.ts). */
export const SPARE_PREFIX = 'rendo_spare_'
