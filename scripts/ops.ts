// `npm run ops -- <procedure> [json]`: calls one /trpc procedure through the typed client, for staff
// scripts; `npm run ops -- --help` lists the procedures, `npm run ops -- <procedure> --help` the
// fields of its input. OPENBUY_URL (default http://127.0.0.1:3000) and OPENBUY_TOKEN (a staff access
// token) come from the environment. The answer is printed as JSON; a refused call prints its error
// (tRPC code, service code, message) on stderr and exits 1; a usage mistake exits 2.
import { runOps } from './ops-cli';

runOps(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
