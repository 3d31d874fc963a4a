// Sorting and filtering for the GPU catalog table, which reads fine without them. A block, so
// its names stay out of the page's global scope.
{
  const table = document.getElementById("gpu-table");
  const body = table.tBodies[0];
  const heads = [...table.tHead.rows[0].cells];
  heads.forEach((th, column) => {
    const kind = th.dataset.sort;
    if (!kind) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "sort-button";
    button.append(...th.childNodes);
    th.append(button);
    button.addEventListener("click", () => {
      const ascending = th.getAttribute("aria-sort") !== "ascending";
      heads.forEach((h) => h.removeAttribute("aria-sort"));
      th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      const value = (row) => row.cells[column].dataset.value ?? "";
      const rows = [...body.rows].sort((a, b) => {
        const order =
          kind === "number"
            ? Number(value(a)) - Number(value(b))
            : value(a).localeCompare(value(b));
        return ascending ? order : -order;
      });
      body.append(...rows);
    });
  });
  // Filter by name, vendor or memory: every word of the query must match. "80GB" or
  // "80 GB" matches the GPUs with 80 GB; a bare number matches that memory size or a name
  // containing it ("80" finds every 80 GB GPU and the A800; "4090" finds the 4090s).
  const filter = document.getElementById("gpu-filter");
  const status = document.getElementById("gpu-filter-status");
  const fill = (template, values) =>
    template.replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
  const matches = (row, word) => {
    const gb = /^(\d+(?:\.\d+)?)(gb?)?$/.exec(word);
    const memoryMatch = gb !== null && Number(row.dataset.memoryGb) === Number(gb[1]);
    if (gb && gb[2]) return memoryMatch;
    return memoryMatch || row.dataset.name.includes(word) || row.dataset.vendor === word;
  };
  filter.closest(".catalog-filter").hidden = false;
  filter.addEventListener("input", () => {
    const query = filter.value.trim().toLowerCase();
    // "80 GB" is one word: the unit joins the number before it.
    const words = query
      .replace(/(\d)\s+(gb?)\b/g, "$1$2")
      .split(/\s+/)
      .filter(Boolean);
    let shown = 0;
    for (const row of body.rows) {
      row.hidden = !words.every((word) => matches(row, word));
      if (!row.hidden) shown++;
    }
    const total = body.rows.length;
    status.textContent =
      words.length === 0
        ? ""
        : shown === 0
          ? fill(status.dataset.none, { query: filter.value.trim() })
          : fill(status.dataset.count, { shown, total });
  });
}
