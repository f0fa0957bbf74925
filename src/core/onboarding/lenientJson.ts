/** A JSON value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export type LenientParse =
	| { readonly ok: true; readonly value: JsonValue }
	/** Where reading stopped (1-based), and what was expected there, in English for logs and for the model. */
	| { readonly ok: false; readonly line: number; readonly column: number; readonly message: string };

/**
 * JSON as a model writes it when it means JSON: also single-quoted and curly-quoted strings,
 * keys without quotes (any language), `：` after a key and `，` between members (a Chinese input
 * method), trailing commas, raw line breaks in strings, `//` comments, and values left unquoted
 * (`"name": **Ada**`), read as text. Bold (`**` or `__`) around a whole key or string is
 * taken off. Never throws: text it cannot read gives the place and what was expected.
 */
export function parseLenientJson(text: string): LenientParse {
	const reader = new Reader(text);
	try {
		reader.skipSpace();
		const value = reader.value();
		reader.skipSpace();
		if (!reader.atEnd()) reader.fail("the end of the JSON");
		return { ok: true, value };
	} catch (error) {
		if (error instanceof ReadError) return { ok: false, ...reader.position(error.at), message: error.message };
		throw error;
	}
}

class ReadError extends Error {
	constructor(
		message: string,
		readonly at: number,
	) {
		super(message);
	}
}

/** Opening quote → closing quote. */
const QUOTES: Readonly<Record<string, string>> = { '"': '"', "'": "'", "\u201C": "\u201D", "\u2018": "\u2019" };
const ESCAPES: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f" };
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
/** After a comma: the end of the line or of the object, or the next key (quoted, or followed by its colon). */
const NEXT_MEMBER = /^[,，][ \t]*(?:\r?\n|$|[}\]]|["'\u201C\u2018]|[^\n,:：{}[\]]+[:：])/;

class Reader {
	private at = 0;

	constructor(private readonly text: string) {}

	atEnd(): boolean {
		return this.at >= this.text.length;
	}

	/** `inArray`: a comma always ends an unquoted value; in an object only one before the next key does. */
	value(inArray = false): JsonValue {
		const char = this.text[this.at];
		if (char === "{") return this.object();
		if (char === "[") return this.array();
		if (char !== undefined && char in QUOTES) return unbolded(this.quoted());
		return this.bare(inArray);
	}

	private object(): { [key: string]: JsonValue } {
		const result: { [key: string]: JsonValue } = {};
		this.at++;
		for (;;) {
			this.skipSpace();
			if (this.take("}")) return result;
			const key = this.key();
			this.skipSpace();
			if (!this.take(":") && !this.take("：")) this.fail(`":" after the key "${key}"`);
			this.skipSpace();
			result[key] = this.value();
			this.skipSpace();
			if (this.take("}")) return result;
			if (!this.take(",") && !this.take("，")) this.fail('"," or "}"');
		}
	}

	private array(): JsonValue[] {
		const result: JsonValue[] = [];
		this.at++;
		for (;;) {
			this.skipSpace();
			if (this.take("]")) return result;
			result.push(this.value(true));
			this.skipSpace();
			if (this.take("]")) return result;
			if (!this.take(",") && !this.take("，")) this.fail('"," or "]"');
		}
	}

	private key(): string {
		const char = this.text[this.at];
		const key = char !== undefined && char in QUOTES ? this.quoted() : this.until(/[:：\n{}[\],]/);
		const plain = unbolded(key);
		if (plain === "") this.fail("a key");
		return plain;
	}

	private quoted(): string {
		const start = this.at;
		const close = QUOTES[this.text[this.at]];
		this.at++;
		let result = "";
		while (!this.atEnd()) {
			const char = this.text[this.at++];
			if (char === close) return result;
			if (char !== "\\") {
				result += char;
				continue;
			}
			const escaped = this.text[this.at++] ?? "";
			if (escaped === "u" && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.at, this.at + 4))) {
				result += String.fromCharCode(parseInt(this.text.slice(this.at, this.at + 4), 16));
				this.at += 4;
			} else {
				result += ESCAPES[escaped] ?? escaped;
			}
		}
		throw new ReadError(`the closing ${close} of the text that starts here`, start);
	}

	/**
	 * An unquoted value: a number, `true`, `false`, `null`, or else text (quotes inside bold
	 * taken off: `**"Ada"**`) up to the end of its line, its object or array, or the comma before
	 * the next member, so that "PhD student, sleep research" stays one value.
	 */
	private bare(inArray: boolean): JsonValue {
		const start = this.at;
		while (!this.atEnd() && !/[}\]\n]/.test(this.text[this.at])) {
			const char = this.text[this.at];
			if ((char === "," && inArray) || ((char === "," || char === "，") && NEXT_MEMBER.test(this.text.slice(this.at))))
				break;
			this.at++;
		}
		const word = this.text.slice(start, this.at).trim();
		if (word === "") throw new ReadError("a value", start);
		if (word === "true" || word === "false") return word === "true";
		if (word === "null") return null;
		if (NUMBER.test(word)) return Number(word);
		return unquoted(unbolded(word));
	}

	private until(stop: RegExp): string {
		const start = this.at;
		while (!this.atEnd() && !stop.test(this.text[this.at])) this.at++;
		return this.text.slice(start, this.at);
	}

	skipSpace(): void {
		for (;;) {
			while (!this.atEnd() && /\s/.test(this.text[this.at])) this.at++;
			if (!this.text.startsWith("//", this.at)) return;
			this.until(/\n/);
		}
	}

	private take(char: string): boolean {
		if (this.text[this.at] !== char) return false;
		this.at++;
		return true;
	}

	fail(expected: string): never {
		throw new ReadError(`expected ${expected}`, this.at);
	}

	position(at: number): { line: number; column: number } {
		const before = this.text.slice(0, at).split("\n");
		return { line: before.length, column: before[before.length - 1].length + 1 };
	}
}

/** `**Ada**` or `__Ada__` around a whole key or value (`**__Ada__**` too): it is `Ada`. */
function unbolded(text: string): string {
	let result = text.trim();
	for (let inner = boldInside(result); inner !== null; inner = boldInside(result)) result = inner;
	return result;
}

function boldInside(text: string): string | null {
	const inner = /^(\*\*|__)((?:(?!\1).)+)\1$/s.exec(text)?.[2].trim();
	return inner === undefined || inner === "" ? null : inner;
}

/** Quotes left around an unquoted value once its bold is off. */
function unquoted(text: string): string {
	const close = QUOTES[text[0]];
	return close !== undefined && text.length >= 2 && text.endsWith(close) ? text.slice(1, -1) : text;
}
