// The query string of the SDK's requests, for the flat parameters the plugin sends (the model
// list's `limit` and page cursors), written as the SDK's bundled `qs` writes them with
// `arrayFormat: "brackets"`: keys and values percent-encoded as RFC 3986 says, `undefined`
// left out, `null` as an empty value, arrays as `key[]=`. A nested object has no such form
// here and is refused, never sent half-written.
function encode(text) {
	return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

function scalar(value) {
	if (value instanceof Date) return value.toISOString();
	if (typeof value === "string" || typeof value === "number" || typeof value === "boolean" || typeof value === "bigint")
		return String(value);
	throw new TypeError(`A query parameter of type ${typeof value} is not supported here.`);
}

export function stringifyQuery(query) {
	const parts = [];
	for (const [key, value] of Object.entries(query)) {
		if (value === undefined) continue;
		if (value === null) parts.push(`${encode(key)}=`);
		else if (Array.isArray(value)) {
			for (const item of value)
				if (item !== undefined) parts.push(`${encode(`${key}[]`)}=${item === null ? "" : encode(scalar(item))}`);
		} else parts.push(`${encode(key)}=${encode(scalar(value))}`);
	}
	return parts.join("&");
}
