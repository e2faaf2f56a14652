/** @module `halfspace/store/memory`: an in-process store for the service (library use and tests). */
export { memoryStore } from './store.js';
