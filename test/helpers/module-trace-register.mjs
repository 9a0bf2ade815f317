// Registers module-trace-hooks.mjs: `node --import tsx --import ./test/helpers/module-trace-register.mjs …`.
import { register } from 'node:module';

register('./module-trace-hooks.mjs', import.meta.url);
