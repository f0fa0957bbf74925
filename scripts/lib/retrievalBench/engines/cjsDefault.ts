/**
 * The default export of a CommonJS package whose types declare an ES default export
 * (`module.exports = X`, typed `export default X`), from a namespace import: tsx hands the
 * namespace over with `X` as `default`, while ts-jest (CommonJS output, no `esModuleInterop`)
 * gives `require`'s result, which is `X` itself.
 */
export function cjsDefault<T>(namespace: { readonly default: T }): T {
	const exported: T | undefined = namespace.default;
	return exported ?? (namespace as unknown as T);
}
