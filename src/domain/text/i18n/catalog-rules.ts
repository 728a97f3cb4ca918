import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";

/** What a message asks of its values: each argument by name with its kind, and the branches of each select. */
export interface MessageShape {
  /** "name:kind", sorted: kind is text, number, date, time, plural or select. */
  arguments: string[];
  /** "name:option" for each select's options (plurals are checked against the language's own categories). */
  selectOptions: string[];
}

const KIND: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: "text",
  [TYPE.number]: "number",
  [TYPE.date]: "date",
  [TYPE.time]: "time",
  [TYPE.plural]: "plural",
  [TYPE.select]: "select",
};

function collect(
  elements: MessageFormatElement[],
  shape: { args: Set<string>; options: Set<string> },
  plurals: { name: string; options: string[] }[],
): void {
  for (const element of elements) {
    const kind = KIND[element.type];
    if (kind && "value" in element && typeof element.value === "string")
      shape.args.add(`${element.value}:${kind}`);
    if (element.type === TYPE.select) {
      for (const [option, branch] of Object.entries(element.options)) {
        shape.options.add(`${element.value}:${option}`);
        collect(branch.value, shape, plurals);
      }
    }
    if (element.type === TYPE.plural) {
      plurals.push({ name: element.value, options: Object.keys(element.options) });
      for (const branch of Object.values(element.options)) collect(branch.value, shape, plurals);
    }
    if (element.type === TYPE.tag) collect(element.children, shape, plurals);
  }
}

/** Parses one message; throws on a message that is not valid ICU MessageFormat. */
export function messageShape(
  message: string,
): MessageShape & { plurals: { name: string; options: string[] }[] } {
  const shape = { args: new Set<string>(), options: new Set<string>() };
  const plurals: { name: string; options: string[] }[] = [];
  collect(parse(message), shape, plurals);
  return { arguments: [...shape.args].sort(), selectOptions: [...shape.options].sort(), plurals };
}

/**
 * What is wrong between the English catalog and one translation: keys missing or extra, messages that do not
 * parse, placeholders or select branches that differ, and plurals that lack a category the language needs
 * (Intl.PluralRules: Polish has one, few, many, other) or have no `other`.
 */
export function catalogProblems(
  english: Readonly<Record<string, string>>,
  translation: Readonly<Record<string, string>>,
  locale: string,
): string[] {
  const problems: string[] = [];
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  for (const key of Object.keys(english)) {
    if (!(key in translation)) problems.push(`${locale}: ${key} is missing`);
  }
  for (const [key, message] of Object.entries(translation)) {
    const source = english[key];
    if (source === undefined) {
      problems.push(`${locale}: ${key} is not in the English catalog`);
      continue;
    }
    let shape: ReturnType<typeof messageShape>;
    let sourceShape: ReturnType<typeof messageShape>;
    try {
      shape = messageShape(message);
      sourceShape = messageShape(source);
    } catch (error) {
      problems.push(`${locale}: ${key} does not parse (${(error as Error).message})`);
      continue;
    }
    if (shape.arguments.join() !== sourceShape.arguments.join()) {
      problems.push(
        `${locale}: ${key} has {${shape.arguments.join(", ")}}, English has {${sourceShape.arguments.join(", ")}}`,
      );
    }
    if (shape.selectOptions.join() !== sourceShape.selectOptions.join()) {
      problems.push(
        `${locale}: ${key} selects ${shape.selectOptions.join(", ")}, English ${sourceShape.selectOptions.join(", ")}`,
      );
    }
    for (const plural of shape.plurals) {
      const lacking = categories.filter((category) => !plural.options.includes(category));
      if (lacking.length > 0)
        problems.push(`${locale}: ${key} has no ${lacking.join(", ")} form for {${plural.name}}`);
    }
  }
  return problems;
}

/** Keys of the English catalog that no source file names (as a string literal, "key"). */
export function unusedKeys(keys: readonly string[], sources: readonly string[]): string[] {
  const text = sources.join("\n");
  return keys.filter((key) => !text.includes(`"${key}"`));
}
