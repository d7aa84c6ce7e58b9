// Rows per page a paged list offers (SPEC.md §9): the web's selector and the sizes the API accepts.
export const PAGE_SIZES = [10, 50, 100] as const;
