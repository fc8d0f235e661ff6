// The server as compiled JavaScript (issue 12): `npm start` runs dist/server/main.js with plain node
// instead of transpiling every source file at start through tsx, whose loader thread and transform
// cache stay resident. esbuild bundles src/ (packages stay external, resolved from node_modules at
// run time); each dynamically imported module becomes its own chunk, loaded only when imported.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { builtAt, newestChange } from './newest-change';

const ROOT = resolve(import.meta.dirname, '..');
export const SERVER_BUILD_DIR = join(ROOT, 'dist', 'server');
/** The build's own settings: a change to any of them is a reason to build again. */
const SETTINGS = [join(ROOT, 'package.json'), join(ROOT, 'tsconfig.json'), import.meta.filename, join(import.meta.dirname, 'newest-change.ts')];
/** Written beside the bundle: the source files it was built from. */
const INPUTS = 'inputs.json';

export const serverEntry = (outDir: string) => join(outDir, 'main.js');

/**
 * Modules find files beside their sources (schema.graphql, console/dist, prisma/migrations) through
 * import.meta; in a bundle each keeps its source file's location, so those paths resolve as under tsx.
 */
const sourceLocation: Plugin = {
  name: 'source-location',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.')) return undefined;
      const located = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.filename', JSON.stringify(args.path))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)));
      return { contents: located, loader: 'ts' };
    });
  },
};

/** Whether the build in `outDir` is missing or older than a source it was built from or a setting. */
export function serverBuildIsStale(outDir: string): boolean {
  const output = serverEntry(outDir);
  const built = builtAt(output);
  if (built === 0) return true;
  let inputs: string[];
  try {
    inputs = (JSON.parse(readFileSync(join(outDir, INPUTS), 'utf8')) as string[]).map((input) => join(ROOT, input));
  } catch {
    return true;
  }
  return Math.max(...[...inputs, ...SETTINGS].map((path) => newestChange(path))) > built;
}

/** Bundles src/main.ts into `outDir`; the entry is written last, so its time stamps the whole build. */
export async function buildServer(outDir: string): Promise<void> {
  // Chunk names carry content hashes: a former build's would otherwise stay beside this one.
  rmSync(outDir, { recursive: true, force: true });
  const result = await build({
    entryPoints: { main: join(ROOT, 'src', 'main.ts') },
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    // type-graphql and Fastify read class and function names; the bundle must not rename them.
    keepNames: true,
    // Linked maps cost nothing unless node runs with --enable-source-maps.
    sourcemap: true,
    tsconfig: join(ROOT, 'tsconfig.json'),
    metafile: true,
    write: true,
    logLevel: 'warning',
    plugins: [sourceLocation],
  });
  const inputs = Object.keys(result.metafile.inputs).map((input) => relative(ROOT, resolve(input)));
  writeFileSync(join(outDir, INPUTS), JSON.stringify(inputs));
  // The entry's time must be later than every input read above, even on coarse-grained clocks.
  const entry = serverEntry(outDir);
  writeFileSync(entry, readFileSync(entry));
}
