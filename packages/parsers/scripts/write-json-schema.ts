// Writes schema/measurement.schema.json from the zod schema. The file is committed, so users
// outside TypeScript can read it; a test fails when it no longer matches the schema.
import { writeFileSync } from 'node:fs';
import { measurementJsonSchema } from '../src/measurement.ts';

const target = new URL('../schema/measurement.schema.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(measurementJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
