// The PDF worker thread's entry: it loads the TypeScript worker through tsx, as the server itself is run, so it
// starts the same way under the server and under the tests.
import { tsImport } from "tsx/esm/api";

await tsImport("./pdf-render-worker.ts", import.meta.url);
