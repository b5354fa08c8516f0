/**
 * Finds every text the server can send as an error message, by reading the sources of src/server and
 * src/shared (TypeScript's parser, no type checking): for the coverage test, which checks that each
 * has French. Test-only: it reads files, so nothing in the app imports it.
 *
 * A text is taken when it sits where a message goes (the message of `new AppError`, `new CardError`,
 * `new SplitError`, better-auth's `APIError`, the values of an AppError's fields, zod's `error:` and
 * `message:`, the string arguments of zod's checks) or when it reads like a sentence (a capital
 * letter, then words) anywhere else, so that a message kept in a constant or built by a helper is
 * found where it is written. A template literal is taken with "{}" for each value. A key of the
 * "errors" area ("errors.request.json") is not a text: the typecheck checks it exists, and the catalogs
 * give its French.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";

export interface FoundText {
  /** The text, with "{}" where a template literal puts a value. */
  text: string;
  isTemplate: boolean;
  /** "src/server/registrations/join.ts:86". */
  where: string;
}

const MESSAGE_CONSTRUCTORS = new Set(["AppError", "CardError", "SplitError", "APIError"]);
const MESSAGE_PROPERTIES = new Set(["error", "message"]);
// zod checks whose string arguments are messages: `.min(1, "Title is required")`.
const ZOD_CHECKS = new Set(["min", "max", "length", "regex", "refine", "email", "url", "int", "positive", "nonnegative", "gte", "lte", "guid", "uuid"]);

export function scanServerMessages(root: string, skipFiles: ReadonlySet<string>): FoundText[] {
  const files = ["src/server", "src/shared"].flatMap((dir) => sourceFiles(join(root, dir))).map((file) => relative(root, file));
  return files.filter((file) => !skipFiles.has(file)).flatMap((file) => scanFile(file, readFileSync(join(root, file), "utf8")));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "i18n" ? [] : sourceFiles(path);
    return path.endsWith(".ts") && !path.endsWith(".test.ts") && !path.endsWith(".d.ts") ? [path] : [];
  });
}

export function scanFile(file: string, source: string): FoundText[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: FoundText[] = [];
  const visit = (node: ts.Node): void => {
    const text = literalText(node);
    if (text !== undefined) {
      if (!isIgnoredPlace(node) && !/^errors\.[\w.]+$/.test(text) && /[A-Za-z]{2}/.test(text) && (isMessagePlace(node) || readsLikeSentence(text))) {
        found.push({ text, isTemplate: ts.isTemplateExpression(node), where: `${file}:${sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1}` });
      }
      // A template's values are code, not messages of their own (`${a ? "x" : "y"}` is one message's parts).
      if (ts.isTemplateExpression(node)) return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join("");
  return undefined;
}

// "Event not found.", "“Quoted”", and a template that starts with a value: "{} players hold spots…".
const readsLikeSentence = (text: string) => /^(["“]?[A-Z]|\{\} [A-Za-z])[\s\S]*\s\S/.test(text) && /[a-z]{2}/.test(text);

/** Inside `sql```, console.*(), `new Error()` (never sent: handleError answers "An unexpected error occurred."), imports, types. */
function isIgnoredPlace(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isTaggedTemplateExpression(parent) || ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isLiteralTypeNode(parent)) return true;
    if (ts.isCallExpression(parent) && /^console\./.test(parent.expression.getText())) return true;
    if (ts.isNewExpression(parent) && /^(Error|TypeError|RangeError|GatewayUnavailableError|PaymentInProgressError)$/.test(parent.expression.getText())) return true;
  }
  return false;
}

/** Where the text is a message whatever it reads like ("role must be player or goalkeeper"). */
function isMessagePlace(node: ts.Node): boolean {
  // A text inside a conditional or a template is still the message it is part of.
  let child: ts.Node = node;
  let parent = node.parent;
  while (parent && (ts.isConditionalExpression(parent) || ts.isParenthesizedExpression(parent) || ts.isBinaryExpression(parent) || ts.isTemplateSpan(parent))) {
    if (ts.isBinaryExpression(parent) && parent.operatorToken.kind !== ts.SyntaxKind.QuestionQuestionToken && parent.operatorToken.kind !== ts.SyntaxKind.BarBarToken) return false;
    if (ts.isConditionalExpression(parent) && parent.condition === child) return false;
    child = parent;
    parent = parent.parent;
  }
  if (!parent) return false;
  if (ts.isNewExpression(parent) && MESSAGE_CONSTRUCTORS.has(parent.expression.getText())) return parent.arguments?.indexOf(child as ts.Expression) !== 0 || parent.expression.getText() === "SplitError";
  if (ts.isPropertyAssignment(parent) && parent.initializer === child) {
    if (ts.isIdentifier(parent.name) && MESSAGE_PROPERTIES.has(parent.name.text)) return true;
    // The fields of an AppError: new AppError("validation", M, { date: M }).
    const object = parent.parent;
    return ts.isObjectLiteralExpression(object) && ts.isNewExpression(object.parent) && object.parent.expression.getText() === "AppError";
  }
  if (ts.isCallExpression(parent) && ts.isPropertyAccessExpression(parent.expression) && ZOD_CHECKS.has(parent.expression.name.text)) return true;
  return false;
}
