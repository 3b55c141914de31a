export * from './constants.js';
export * from './errors.js';
export * from './auth.js';
export * from './health.js';
export * from './catalogue.js';
export * from './listening.js';
export * from './search.js';
export * from './collections.js';
