const KEY = "sandbox-theme";

/** The theme at start: `?theme=` in the address, else the last one chosen, else the system's. */
export function applyInitialTheme(): void {
	const asked = new URLSearchParams(location.search).get("theme") ?? localStorage.getItem(KEY);
	const dark = asked === null ? matchMedia("(prefers-color-scheme: dark)").matches : asked === "dark";
	setTheme(dark);
}

export function toggleTheme(): void {
	const dark = !document.body.hasClass("theme-dark");
	setTheme(dark);
	localStorage.setItem(KEY, dark ? "dark" : "light");
}

function setTheme(dark: boolean): void {
	document.body.toggleClass("theme-dark", dark);
	document.body.toggleClass("theme-light", !dark);
}
