/**
 * The pre-built Active Directory queries upstream's console ships, grouped by
 * category as its query page lists them. The console offers them beside its
 * Cypher editor; the mock's tests run every one over the seeded graph.
 */
export interface PrebuiltQuery {
  /** What the query finds, as the list shows it. */
  name: string;
  /** The Cypher text put into the editor. */
  query: string;
}

export interface PrebuiltCategory {
  category: string;
  queries: readonly PrebuiltQuery[];
}

export const PREBUILT_AD_QUERIES: readonly PrebuiltCategory[] = [
  {
    category: 'Domain Information',
    queries: [
      {
        name: 'All Domain Admins',
        query: "MATCH p = (t:Group)<-[:MemberOf*1..]-(a)\nWHERE t.objectid ENDS WITH '-512'\nRETURN p\nLIMIT 1000",
      },
      { name: 'Map domain trusts', query: 'MATCH p = (:Domain)-[:TrustedBy]->(:Domain)\nRETURN p\nLIMIT 1000' },
    ],
  },
];
