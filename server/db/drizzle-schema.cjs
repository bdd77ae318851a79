// drizzle-kit reads tables from a module's exports; the resource tables are built in a loop,
// so this CommonJS shim spreads them onto module.exports.
module.exports = require('./schema.ts').schema;
