/** Obsidian's `SecretStorage` (API 1.11.4): secrets by id, kept out of the vault and of `data.json`. */
export class SecretStorage {
	private readonly secrets = new Map<string, string>();

	setSecret(id: string, secret: string): void {
		if (!/^[a-z0-9-]+$/.test(id)) throw new Error(`Invalid secret id: ${id}`);
		this.secrets.set(id, secret);
	}

	getSecret(id: string): string | null {
		return this.secrets.get(id) ?? null;
	}

	listSecrets(): string[] {
		return [...this.secrets.keys()];
	}
}
