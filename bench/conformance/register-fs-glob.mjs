// Preload (NODE_OPTIONS=--import …): installs the resolve hook for the conformance CLI on Node 20.
import { register } from 'node:module';
register('./fs-glob-hooks.mjs', import.meta.url);
