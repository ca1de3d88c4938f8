/** A link of the header's main navigation (the site header's own, Changes and Bulk checks). */
export const NAV_LINK = 'whitespace-nowrap text-slate-700 underline-offset-4 hover:underline';
