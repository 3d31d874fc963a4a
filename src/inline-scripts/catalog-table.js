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
  const filter = document.getElementById("gpu-filter");
  filter.closest("p").hidden = false;
  filter.addEventListener("input", () => {
    const query = filter.value.trim().toLowerCase();
    for (const row of body.rows) row.hidden = query !== "" && !row.dataset.name.includes(query);
  });
}
