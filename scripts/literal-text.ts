import ts from "typescript";

/** The attributes whose text a person reads or hears: a literal in one of them is a word the catalogs miss. */
const READ_ATTRIBUTES = new Set(["aria-label", "aria-description", "placeholder", "title", "alt", "label"]);

/** Text with a word in it (two letters of any script): punctuation, symbols and numbers are not words. */
const hasWord = (text: string) => /\p{L}{2}/u.test(text);

export interface LiteralText {
  line: number;
  text: string;
}

/**
 * The words a component writes into its markup itself, not through a catalog: JSX text, string literals as JSX
 * children, and string literals in the attributes people read or hear. Class names, keys and the like are not
 * read, and are left alone.
 */
export function literalTexts(fileName: string, source: string): LiteralText[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: LiteralText[] = [];
  const add = (node: ts.Node, text: string) => {
    // A placeholder a library fills ("{hotkey}") is not a word anybody reads.
    const trimmed = text
      .replace(/\{\w+\}/g, " ")
      .replace(/\s+/g, " ")
      .trim();
    if (hasWord(trimmed)) {
      found.push({ line: file.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: trimmed });
    }
  };
  const literalOf = (node: ts.Node | undefined): string | null => {
    if (!node) return null;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isJsxExpression(node)) return literalOf(node.expression);
    if (ts.isTemplateExpression(node))
      return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(" ");
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) add(node, node.text);
    else if (ts.isJsxExpression(node) && ts.isJsxElement(node.parent)) {
      const text = literalOf(node.expression);
      if (text !== null) add(node, text);
    } else if (ts.isJsxAttribute(node) && READ_ATTRIBUTES.has(node.name.getText(file))) {
      const text = literalOf(node.initializer);
      if (text !== null) add(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
