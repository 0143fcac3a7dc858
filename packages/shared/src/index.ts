export * from './constants.js';
export * from './roles.js';
export * from './messages.js';
export * from './list.js';
export * from './auth.schema.js';
export * from './locations.schema.js';
export * from './users.schema.js';
