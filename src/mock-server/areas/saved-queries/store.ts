/** What the saved-queries area keeps in DbState. */
import type { BaseStored } from '../../store/db';

export interface StoredSavedQuery extends BaseStored {
  id: number;
  /** Owner. */
  user_id: string;
  name: string;
  query: string;
  description: string;
  /** Users the query is shared with (never the owner). */
  shared_to: string[];
  public: boolean;
}

/** What this part of the mock keeps in the state (one part of DbState, store/db.ts). */
export interface SavedQueriesState {
  savedQueries: StoredSavedQuery[];
}
