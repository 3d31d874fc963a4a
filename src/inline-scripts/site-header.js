// The header's theme toggle and search dialog. Tiny and inline on purpose: prose pages load no
// script bundle of ours, and Pagefind's own code loads only when the search is first opened.
// A block, so its names stay out of the page's global scope.
{
  const root = document.documentElement;
  const toggle = document.getElementById("theme-toggle");
  const isDark = () =>
    root.dataset.theme
      ? root.dataset.theme === "dark"
      : matchMedia("(prefers-color-scheme: dark)").matches;
  toggle.setAttribute("aria-pressed", String(isDark()));
  toggle.disabled = false;
  toggle.addEventListener("click", () => {
    const next = isDark() ? "light" : "dark";
    root.dataset.theme = next;
    toggle.setAttribute("aria-pressed", String(next === "dark"));
    try {
      localStorage.setItem("theme", next);
    } catch {
      // Storage blocked: the choice lasts for this page only.
    }
  });

  const dialog = document.getElementById("search-dialog");
  // The page's words for the search status, from the dialog's data attributes.
  const strings = {
    none: dialog.dataset.none,
    count: dialog.dataset.count,
    unavailable: dialog.dataset.unavailable,
  };
  const input = document.getElementById("search-input");
  const status = document.getElementById("search-status");
  const list = document.getElementById("search-results");
  const opener = document.getElementById("search-open");
  let pagefind;
  const load = async () => {
    if (!pagefind) {
      pagefind = await import("/pagefind/pagefind.js");
      await pagefind.init();
    }
    return pagefind;
  };
  const run = async () => {
    const query = input.value.trim();
    if (!query) {
      list.replaceChildren();
      status.textContent = "";
      return;
    }
    let pf;
    try {
      pf = await load();
    } catch {
      status.textContent = strings.unavailable;
      return;
    }
    const search = await pf.debouncedSearch(query);
    if (search === null) return;
    const data = await Promise.all(search.results.slice(0, 10).map((r) => r.data()));
    list.replaceChildren(
      ...data.map((d) => {
        const li = document.createElement("li");
        const a = document.createElement("a");
        a.href = d.url;
        a.textContent = d.meta.title || d.url;
        const p = document.createElement("p");
        p.className = "excerpt";
        p.innerHTML = d.excerpt;
        li.append(a, p);
        return li;
      }),
    );
    status.textContent = data.length
      ? strings.count.replace("{count}", String(search.results.length))
      : strings.none.replace("{query}", query);
  };
  opener.disabled = false;
  opener.addEventListener("click", () => {
    dialog.showModal();
    input.focus();
    load().catch(() => (status.textContent = strings.unavailable));
  });
  document.getElementById("search-close").addEventListener("click", () => dialog.close());
  input.addEventListener("input", run);
  document.addEventListener("keydown", (e) => {
    if (
      e.key === "/" &&
      !dialog.open &&
      !/^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName)
    ) {
      e.preventDefault();
      opener.click();
    }
  });
}
