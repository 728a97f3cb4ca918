import { prerenderToNodeStream } from "react-dom/static";
import { Router } from "wouter";
import { App } from "./app";

/** The markup of the app at `path` as a first-time visitor sees it, for the build to put in that page's HTML. */
export async function prerenderPath(path: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(
    <Router ssrPath={path}>
      <App />
    </Router>,
  );
  let html = "";
  for await (const chunk of prelude) html += chunk;
  return html;
}
