// The names a function binds and uses are read in lint (source analysis); the migration reads them from there.
export * from '../../lint/free-names';
