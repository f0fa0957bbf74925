/**
 * Obsidian's `Platform`: which app runs the plugin. The stand-in is the desktop app, as the
 * sandbox's page presents it; a test of a phone sets `isDesktopApp` to false, and back after.
 */
export const Platform = {
	isDesktopApp: true,
};
