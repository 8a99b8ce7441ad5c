// Parses each file given on the command line with Mermaid's own parser (headless: parse() needs no DOM).
// Prints "OK <file> <diagramType>" or "FAIL <file> <message>"; exits 1 if any file fails.
import { readFileSync } from 'node:fs';
import mermaid from 'mermaid';

let failed = 0;
for (const file of process.argv.slice(2)) {
  try {
    const result = await mermaid.parse(readFileSync(file, 'utf8'));
    console.log(`OK ${file} ${result.diagramType}`);
  } catch (e) {
    failed++;
    console.log(`FAIL ${file} ${String(e.message || e).split('\n').join(' | ')}`);
  }
}
process.exit(failed ? 1 : 0);
