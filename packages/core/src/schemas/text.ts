import { z } from 'zod';
import '../zod-locale';

/**
 * Text fields of every request body, one contract for all of them (docs/decisions/028):
 *
 * - A required text is trimmed and must keep at least `min` characters; missing, `null`, a number
 *   or whitespace only all read as the field's own "es obligatorio" message, never as a length error.
 * - An optional text left empty may arrive absent, `""`, `null` or whitespace only: all four are
 *   accepted and stored as empty (`null`). A value of the wrong type reads as the field's own
 *   "no es válido" message.
 * - Above `max` characters (after trimming) the answer is the field's own "no puede superar" message.
 * - Single-line fields refuse control characters (a pasted tab or line break in a name); multi-line
 *   ones (notes, descriptions) keep line breaks and tabs.
 *
 * Each schema built here is recorded in `textRules`, so the form contract tests generate their
 * maximum-length and over-the-limit bodies from the schema itself.
 */

export interface TextRule {
  kind: 'required' | 'optional';
  min: number;
  max: number;
  /** The message for a missing, `null`, wrong-type or too-short value (required fields). */
  required?: string;
  tooLong: string;
  /** The message for a value of the wrong type or with control characters. */
  invalid: string;
  multiline: boolean;
}

const rules = new WeakMap<z.ZodType, TextRule>();

/**
 * The rule a text schema was built with, or undefined for any other schema. Looks through
 * `.optional()`, `.default()` and a `.transform()` added on top.
 */
export function textRule(schema: z.ZodType): TextRule | undefined {
  let current: z.ZodType | undefined = schema;
  for (let depth = 0; current && depth < 8; depth++) {
    const rule = rules.get(current);
    if (rule) return rule;
    if (current instanceof z.ZodOptional || current instanceof z.ZodDefault) current = current.unwrap() as z.ZodType;
    else if (current instanceof z.ZodPipe) current = current.in as z.ZodType;
    else return undefined;
  }
  return undefined;
}

const KEPT_IN_MULTILINE = new Set([0x09, 0x0a, 0x0d]);

/** C0 controls and DEL; multi-line text keeps tab, line feed and carriage return. */
function hasControl(value: string, multiline: boolean): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 || code === 0x7f) && !(multiline && KEPT_IN_MULTILINE.has(code))) return true;
  }
  return false;
}

interface RequiredTextOptions {
  min?: number;
  max: number;
  required: string;
  tooLong: string;
  /** Control characters; defaults to `required`'s text. */
  invalid?: string;
  multiline?: boolean;
}

/** A text that must be there: trimmed, at least `min` (default 1) and at most `max` characters. */
export function requiredText(options: RequiredTextOptions) {
  const { min = 1, max, required, tooLong, multiline = false } = options;
  const invalid = options.invalid ?? required;
  const schema = z
    .string({ error: () => required })
    .trim()
    .min(min, { error: required })
    .max(max, { error: tooLong })
    .refine((value) => !hasControl(value, multiline), { error: invalid });
  rules.set(schema, { kind: 'required', min, max, required, tooLong, invalid, multiline });
  return schema;
}

interface OptionalTextOptions {
  max: number;
  tooLong: string;
  /** A value of the wrong type (a number, an object) or with control characters. */
  invalid: string;
  multiline?: boolean;
}

/** Absent, `null`, `""` or blank: a field left empty (the one rule for every optional field, text or not). */
export const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * A text that may be left empty. Absent, `""`, `null` and whitespace only all mean "empty" and
 * come out as `null`; anything else is trimmed and checked. Reading its own output again gives the
 * same answer, so a body built from a parsed value is accepted too. Add `.optional()` where an
 * absent key must stay absent (a partial update that leaves the field as it is).
 */
export function optionalText(options: OptionalTextOptions) {
  const { max, tooLong, invalid, multiline = false } = options;
  const schema = z
    .string({ error: () => invalid })
    .nullish()
    .transform((value, ctx): string | null => {
      if (isEmpty(value)) return null;
      const trimmed = (value as string).trim();
      if (trimmed.length > max) {
        ctx.addIssue({ code: 'custom', message: tooLong });
        return z.NEVER;
      }
      if (hasControl(trimmed, multiline)) {
        ctx.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return trimmed;
    });
  rules.set(schema, { kind: 'optional', min: 0, max, tooLong, invalid, multiline });
  return schema;
}
