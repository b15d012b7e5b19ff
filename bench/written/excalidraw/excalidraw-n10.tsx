type PaginationProps = {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
};

/** Page numbers with ellipses: 1 … 4 5 [6] 7 8 … 20 */
export const pageWindow = (page: number, pageCount: number, radius = 2): (number | "gap")[] => {
  const pages: (number | "gap")[] = [];
  for (let p = 1; p <= pageCount; p++) {
    const nearCurrent = Math.abs(p - page) <= radius;
    if (p === 1 || p === pageCount || nearCurrent) pages.push(p);
    else if (pages[pages.length - 1] !== "gap") pages.push("gap");
  }
  return pages;
};

export const Pagination = ({ page, pageCount, onPageChange }: PaginationProps) => {
  if (pageCount <= 1) return null;
  return (
    <div className="Pagination">
      <button type="button" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        ‹
      </button>
      {pageWindow(page, pageCount).map((entry, i) =>
        entry === "gap" ? (
          <span key={`gap-${i}`} className="Pagination__gap">
            …
          </span>
        ) : (
          <button key={entry} type="button" className={entry === page ? "active" : undefined} onClick={() => onPageChange(entry)}>
            {entry}
          </button>
        ),
      )}
      <button type="button" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)}>
        ›
      </button>
    </div>
  );
};
