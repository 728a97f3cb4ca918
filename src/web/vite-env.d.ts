// A catalog's part as the build's catalog modules give it (vite.config.ts, catalogModules).
declare module "*.json?part=start" {
  const messages: Readonly<Record<string, string>>;
  export default messages;
}
