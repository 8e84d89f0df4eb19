/** Reloads the page (an object so tests can replace `reload`: jsdom's location cannot be stubbed). */
export const page = {
  reload: () => window.location.reload(),
};
