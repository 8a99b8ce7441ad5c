// Loaded as a classic script in <head>, before the first paint: applies the theme the person chose (stored in
// localStorage as "light" or "dark"); without a choice, app.css follows prefers-color-scheme.
(function () {
  try {
    var theme = localStorage.getItem("gabysql-theme");
    if (theme === "light" || theme === "dark") {
      document.documentElement.setAttribute("data-theme", theme);
    }
  } catch (e) {
    // storage refused (private mode): the system's preference applies
  }
})();
