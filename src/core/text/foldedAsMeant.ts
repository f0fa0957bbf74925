/** Any UTF-16 code unit outside ASCII. */
const NON_ASCII = /[\u0080-\uffff]/;
/**
 * Characters that show nothing: zero-width spaces and joiners, direction marks, soft hyphens,
 * variation selectors, a stray byte-order mark. Text copied from a web page or typed on a phone
 * carries them unseen, so `private\u200B` reads as `private` to the person who wrote it.
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
/** The dotted capital `İ` lower-cases to `i` and a combining dot; the Turkish dotless `ı` is an `i` to everyone else. */
const TURKISH_I = /i\u0307|\u0131/g;

/**
 * `text` as a person means it when naming a folder, a tag or a flag: compatibility forms folded
 * (`ｐｒｉｖａｔｅ` is `private`), invisible characters gone, lower case with the Turkish `İ` and
 * `ı` read as `i`. ASCII text only changes case: most names are ASCII, and they cost no call
 * into ICU. Nothing is trimmed: each caller knows which spaces and punctuation its names drop.
 */
export function foldedAsMeant(text: string): string {
	if (!NON_ASCII.test(text)) return text.toLowerCase();
	return text.normalize("NFKC").replace(INVISIBLE, "").toLowerCase().replace(TURKISH_I, "i");
}
