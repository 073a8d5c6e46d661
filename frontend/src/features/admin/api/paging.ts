/** The query of every paged admin list: `?page=` from 1, `?pageSize=` (default 20, at most 100). */
export type PageArgs = { page: number; pageSize: number };
