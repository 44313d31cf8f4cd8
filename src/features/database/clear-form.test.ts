import { describe, expect, it } from 'vitest';
import { clearDatabaseBody } from '@/api/schemas/datapipe';
import {
  choiceConflict,
  choicesProblem,
  CONFLICT_MESSAGE,
  consequences,
  deletedInWords,
  EMPTY_CHOICES,
  NOTHING_CHOSEN_MESSAGE,
  relationshipKindProblem,
  toClearBody,
  type ClearFormValues,
} from './clear-form';

const choose = (patch: Partial<ClearFormValues>): ClearFormValues => ({ ...EMPTY_CHOICES, ...patch });
const names: Record<number, string> = { 1: 'Admin Tier Zero', 4: 'Help Desk' };
const groupName = (id: number) => names[id] ?? `asset group ${id}`;

describe('the choices of the database page', () => {
  it('refuses an empty choice with a message naming what to choose', () => {
    expect(choicesProblem(EMPTY_CHOICES)).toBe(NOTHING_CHOSEN_MESSAGE);
    for (const name of [
      'all collected graph data',
      'source kind',
      'relationships',
      'asset group',
      'file ingest history',
      'data quality history',
    ])
      expect(NOTHING_CHOSEN_MESSAGE).toContain(name);
    // Any one choice is enough.
    for (const patch of [
      { allGraph: true },
      { sourceKinds: [0] },
      { relationships: ['HasSession'] },
      { assetGroups: [1] },
      { fileIngestHistory: true },
      { dataQualityHistory: true },
    ])
      expect(choicesProblem(choose(patch))).toBeNull();
  });

  it('refuses all graph data together with source kinds or relationships, as the reference does', () => {
    expect(choiceConflict(choose({ allGraph: true, sourceKinds: [1] }))).toBe(CONFLICT_MESSAGE);
    expect(choiceConflict(choose({ allGraph: true, relationships: ['HasSession'] }))).toBe(CONFLICT_MESSAGE);
    expect(choicesProblem(choose({ allGraph: true, sourceKinds: [2], relationships: ['MemberOf'] }))).toBe(CONFLICT_MESSAGE);
    // Everything else combines.
    expect(
      choiceConflict(choose({ allGraph: true, assetGroups: [1], fileIngestHistory: true, dataQualityHistory: true })),
    ).toBeNull();
    expect(choiceConflict(choose({ sourceKinds: [1, 0], relationships: ['HasSession'] }))).toBeNull();
  });

  it('sends only what was chosen, in a body the shared schema accepts', () => {
    expect(toClearBody(choose({ allGraph: true, fileIngestHistory: true }))).toEqual({
      deleteCollectedGraphData: true,
      deleteFileIngestHistory: true,
    });
    const body = toClearBody(
      choose({
        sourceKinds: [2, 0, 2],
        relationships: ['HasSession', 'AdminTo', 'HasSession'],
        assetGroups: [4, 1],
        dataQualityHistory: true,
      }),
    );
    expect(body).toEqual({
      deleteSourceKinds: [0, 2],
      deleteRelationships: ['HasSession', 'AdminTo'],
      deleteAssetGroupSelectors: [1, 4],
      deleteDataQualityHistory: true,
    });
    expect(clearDatabaseBody.safeParse(body).success).toBe(true);
    expect(toClearBody(EMPTY_CHOICES)).toEqual({});
  });

  it('refuses typed relationship kinds that cannot be kind names', () => {
    expect(relationshipKindProblem('HasSession')).toBeNull();
    expect(relationshipKindProblem('My_Custom2')).toBeNull();
    expect(relationshipKindProblem('2Fast')).toMatch(/"2Fast" is not a relationship kind name/);
    expect(relationshipKindProblem('Has-Session')).not.toBeNull();
  });

  it('names what was deleted, and says the consequences one sentence per choice', () => {
    expect(deletedInWords({ deleteCollectedGraphData: true, deleteFileIngestHistory: true }, groupName)).toBe(
      'all collected graph data and the file ingest history',
    );
    expect(
      deletedInWords(
        {
          deleteSourceKinds: [1, 0],
          deleteRelationships: ['HasSession'],
          deleteAssetGroupSelectors: [1, 4],
          deleteDataQualityHistory: true,
        },
        groupName,
      ),
    ).toBe(
      'the Active Directory and sourceless data, the HasSession relationships, the custom selectors of Admin Tier Zero and Help Desk and the data quality history',
    );
    const said = consequences(
      {
        deleteCollectedGraphData: true,
        deleteAssetGroupSelectors: [4],
        deleteFileIngestHistory: true,
        deleteDataQualityHistory: true,
      },
      groupName,
    );
    expect(said).toHaveLength(4);
    expect(said[0]).toMatch(/Every collected node and relationship is deleted/);
    expect(said[1]).toMatch(/custom selectors of Help Desk are deleted/);
    expect(said[2]).toMatch(/file uploads/);
    expect(said[3]).toMatch(/data quality history/);
    expect(consequences({ deleteSourceKinds: [2, 0] }, groupName)).toEqual([
      'The Azure data is deleted: its nodes and their relationships.',
      'Nodes attributed to no source kind are deleted, with their relationships.',
    ]);
  });
});
