/**
 * @module `npm run openapi:examples`: writes examples.json (the OpenAPI examples) from the demo
 * universe, through a temporary file renamed into place.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { generateExamples } from './generate.js';

const target = new URL('./examples.json', import.meta.url);
const temp = new URL(`./examples.json.${process.pid}.tmp`, import.meta.url);
writeFileSync(temp, `${JSON.stringify(await generateExamples(), null, 1)}\n`);
renameSync(temp, target);
console.log(`wrote ${target.pathname}`);
