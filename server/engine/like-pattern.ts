/** An ILIKE pattern that finds `text` anywhere, its `%`, `_` and `\` taken as themselves (a search for "50%" finds "50%"). */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
