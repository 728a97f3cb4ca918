import englishCatalog from "../catalogs/en-GB.json" with { type: "json" };
import { type Catalog, createTranslator } from "./translate";

/**
 * The English catalog's messages, for what is always English (the spec's texts as the domain and the tests name
 * them): read from the catalog, never copied out of it.
 */
export const english = createTranslator("en-GB", englishCatalog as Catalog).t;
