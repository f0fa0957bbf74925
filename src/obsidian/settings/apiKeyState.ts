/**
 * Where the API key stands, from the name the settings keep and what the device's secret storage
 * holds under it. The key and model rows all show this one state, so they never disagree: the
 * picker shows a name only when a secret of that name exists, and the model list is fetched only
 * when it holds a key.
 */
export type ApiKeyState =
	/** No secret is chosen, or only the plugin's default name, which no secret has yet. */
	| { readonly kind: "none" }
	/** A name the user chose, which this device's secret storage does not have (secrets stay on each device). */
	| { readonly kind: "missing"; readonly name: string }
	/** A secret of that name exists but holds nothing. */
	| { readonly kind: "empty"; readonly name: string }
	| { readonly kind: "ready"; readonly name: string; readonly key: string };

/** What the secret storage says about one name: `null` when no secret has it. */
export type StoredSecret = string | null;

export function apiKeyState(name: string, stored: StoredSecret, defaultName: string): ApiKeyState {
	if (name === "") return { kind: "none" };
	if (stored === null) return name === defaultName ? { kind: "none" } : { kind: "missing", name };
	const key = stored.trim();
	return key === "" ? { kind: "empty", name } : { kind: "ready", name, key };
}

/** The name the secret picker shows: the chosen one when its secret exists, nothing otherwise. */
export function pickedSecretName(state: ApiKeyState): string {
	return state.kind === "ready" || state.kind === "empty" ? state.name : "";
}
