// Run as a script (node --import tsx test/support/module-loads.ts <module>…): imports each module
// in turn (and awaits its `afterImport` function when it has one, for what loads only at run time)
// and prints, per module, the CommonJS files it loaded (JSON lines), so a test can tell what loading
// the app brings into memory.
import Module from 'node:module';

type Loader = (request: string, parent: unknown, isMain: boolean) => unknown;
const internals = Module as unknown as { _load: Loader };
const load = internals._load;
let loaded: string[] = [];
internals._load = function (this: unknown, request, parent, isMain) {
  loaded.push(request);
  return load.call(this, request, parent, isMain);
};

for (const specifier of process.argv.slice(2)) {
  loaded = [];
  const module = (await import(specifier)) as { afterImport?: unknown };
  if (typeof module.afterImport === 'function') await (module.afterImport as () => unknown)();
  console.log(JSON.stringify({ module: specifier, loaded }));
}
