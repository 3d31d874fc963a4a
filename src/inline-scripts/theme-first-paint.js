// Runs in <head>, before first paint, so a chosen theme never flashes the other one.
try {
  const theme = localStorage.getItem("theme");
  if (theme === "dark" || theme === "light") document.documentElement.dataset.theme = theme;
} catch {
  // Storage blocked: the system theme applies.
}
