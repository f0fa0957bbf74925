import { textWeight } from "../../text/tokenEstimate";

/**
 * Layers and the notes in them are set off with XML-like tags, the delimiters Anthropic
 * recommends for long context: the model sees where a file starts and ends and which path it is.
 */
export function tagged(name: string, attributes: Readonly<Record<string, string>>, body: string): string {
	const attributeText = Object.entries(attributes)
		.map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
		.join("");
	return `<${name}${attributeText}>\n${body}${body.endsWith("\n") ? "" : "\n"}</${name}>`;
}

/** What the tags around a body weigh at most, to take from a budget before the body is cut to fit. */
export function tagWeight(name: string, attributes: Readonly<Record<string, string>>): number {
	return textWeight(tagged(name, attributes, ""));
}

function escapeAttribute(value: string): string {
	return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
