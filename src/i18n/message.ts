import type { en } from "./en";

export type MessageKey = keyof typeof en;

/**
 * A message whose wording follows a number: one text per plural category of its language, as
 * `Intl.PluralRules` names them (English has `one` and `other`, Chinese only `other`).
 */
export type PluralForms = { readonly [category in Intl.LDMLPluralRule]?: string } & { readonly other: string };

/** The keys whose English text has plural forms. */
export type PluralKey = { [K in MessageKey]: (typeof en)[K] extends string ? never : K }[MessageKey];

/** One language's strings: a plain string where English has one, plural forms where English has them. */
export type Catalog = { readonly [K in MessageKey]: K extends PluralKey ? PluralForms : string };

export type MessageVars = Readonly<Record<string, string | number>>;

/** The placeholders `key` is filled from: a plural message needs its `count` as a number to choose its form. */
export type MessageArgs<K extends MessageKey> = K extends PluralKey
	? [vars: MessageVars & { readonly count: number }]
	: [vars?: MessageVars];
