/**
 * The one shape of a text table (Logto's phrases): the en-US texts, and zh-CN, which must have
 * the en-US keys with the same `{placeholders}` in each text (checked by the compiler and by
 * client/lib/i18n/texts-complete.test.ts). Texts with placeholders are filled with `format`,
 * whose names the compiler checks too.
 */
import type { Locale } from './locale';

/** The names of a text's `{placeholders}`. */
export type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

declare const PLACEHOLDERS: unique symbol;

/** A text with `{placeholders}`: `format` fills it. */
export type Phrase<P extends string> = string & { readonly [PLACEHOLDERS]: P };

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

type Holding<P extends string> = UnionToIntersection<P extends unknown ? `${string}{${P}}${string}` : never>;

/** A translation of en-US's text S: any text that holds each of S's placeholders. */
type Translation<S extends string> = [Placeholders<S>] extends [never] ? string : Holding<Placeholders<S>>;

export interface TextTree {
  readonly [key: string]: string | TextTree;
}

/** A table as either language reads it: plain texts are strings, texts with placeholders phrases. */
export type Texts<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? [Placeholders<T[K]>] extends [never]
      ? string
      : Phrase<Placeholders<T[K]>>
    : Texts<T[K]>;
};

/** zh-CN's table: en-US's keys, each text holding the same placeholders. */
export type TranslationOf<T> = {
  readonly [K in keyof T]: T[K] extends string ? Translation<T[K]> : TranslationOf<T[K]>;
};

export type TextTable<T> = Readonly<Record<Locale, Texts<T>>>;

/** Every text table defined, so a test can check both languages are complete. */
export const TEXT_REGISTRY: TextTable<TextTree>[] = [];

export function defineTexts<const T extends TextTree>(en: T, zh: TranslationOf<T>): TextTable<T> {
  const table = { 'en-US': en, 'zh-CN': zh } as unknown as TextTable<T>;
  TEXT_REGISTRY.push(table as TextTable<TextTree>);
  return table;
}

/** A phrase with its placeholders filled: `format(t.resendIn, { s: 5 })`. */
export function format<P extends string>(
  text: Phrase<P>,
  values: Readonly<Record<P, string | number>>,
): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name as P]) : whole,
  );
}

/** One key's text in both languages, for a reply that picks the language later (the local UAA's details). */
export function textPair<T, K extends keyof T>(
  table: TextTable<T>,
  key: K,
): Readonly<Record<Locale, Texts<T>[K]>> {
  return { 'en-US': table['en-US'][key], 'zh-CN': table['zh-CN'][key] };
}
