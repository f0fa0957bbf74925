/**
 * The class of the plugin's settings tab and of the modals it opens from there, which
 * `styles.css` lays out at a phone's width (each control below its name, nothing wider than
 * the screen); Obsidian's own rows elsewhere are left as Obsidian draws them.
 */
export const FORM_CLASS = "assistant-form";
