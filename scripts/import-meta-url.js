// Injected into CommonJS bundles so that ESM dependencies reading import.meta.url still get a file URL.
export const __importMetaUrl = require('url').pathToFileURL(__filename).href;
