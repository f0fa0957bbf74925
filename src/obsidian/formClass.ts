/**
 * The class of the plugin's settings sections and of its forms and modals, which
 * `styles.css` lays out at a phone's width (each control below its name, nothing wider than
 * the screen); Obsidian's own rows elsewhere are left as Obsidian draws them.
 */
export const FORM_CLASS = "assistant-form";
