/**
 * Fills `{name}` placeholders of a prompt template in one pass, literally: a value
 * is never scanned again, so a transcript that happens to contain `{tags}` stays as
 * it is, and braces elsewhere in the template need no escaping. Unknown `{words}`
 * are left alone (a template may show JSON examples).
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([a-z_]+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}

/** The placeholders of `required` that `template` lacks (a template without them would drop that input silently). */
export function missingPlaceholders(template: string, required: readonly string[]): string[] {
  return required.filter((name) => !template.includes(`{${name}}`));
}
