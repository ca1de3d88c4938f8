/**
 * The register's envelope (FCA Financial Services Register API V0.1), keys exactly as the live
 * service sends them. What is inside `Data` is not typed here: the normalisers (`normalise*.ts`)
 * read every field of it as `unknown`, by its exact key (typos included: "Address LIne 3"),
 * because the upstream changes shape without notice (2021, 2023 and 2026 firm shapes all
 * differ); their fixtures under test-fixtures/ pin the shapes down. Pages use `model.ts`.
 */

/** All ResultInfo values are strings, and may be "" (Individual CF). */
export interface WireResultInfo {
  page?: string;
  per_page?: string;
  total_count?: string;
  /** Absolute URL; query values echoed unencoded; Subfund's are off by one. */
  Next?: string;
  Previous?: string;
}

/** The four-key envelope. On a miss ResultInfo and Data are null; the Subfund miss is all-null. */
export interface WireEnvelope<D = unknown> {
  Status: string | null;
  ResultInfo: WireResultInfo | null;
  Message: string | null;
  Data: D | null;
}
