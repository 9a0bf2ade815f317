/**
 * The one name of the "before" figures of a spec's data — at the spec's pinned levels, the rest as in the data — in the
 * Risk Report's tables and charts, its saved HTML and Markdown, and the generalize preview, so that one figure is never
 * called "before" in one place and "as it stands" in another.
 */
export const AS_IT_STANDS = 'As it stands';
