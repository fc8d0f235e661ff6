// Imported first by a bench that measures as deployed (README: `export NODE_ENV=production`):
// graphql-js reads NODE_ENV once, when it loads, and skips its development checks in production.
// An explicit NODE_ENV (e.g. development) is kept, to compare.
process.env.NODE_ENV ??= 'production';
