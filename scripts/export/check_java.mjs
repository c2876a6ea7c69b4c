// Parses an exported Java listener with the pinned java-parser; fails on a syntax error.
//   node scripts/export/check_java.mjs FILE.java
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { parse } = require('java-parser');
const file = process.argv[2];
try {
  parse(readFileSync(file, 'utf8'));
  console.log(`check_java.mjs: ${file} parses`);
} catch (e) {
  console.error(`check_java.mjs: ${file} does not parse: ${e.message}`);
  process.exit(1);
}
