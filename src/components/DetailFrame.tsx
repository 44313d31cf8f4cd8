import Link from '@mui/material/Link';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { isHttpStatus } from '@/api/errors';
import { useIsEnterprise } from '@/api/version';
import type { RouteId } from '@/lib/route-id';
import { PageHeader } from './PageHeader';
import { EmptyState, ErrorState, LoadingState } from './states';

export interface DetailFrameProps<T> {
  /** The list the item belongs to: the first breadcrumb, and the way back from a missing item. */
  list: { label: string; to: string };
  /** What the item is, in lower case and without article: "user", "role", "scheduled event". */
  noun: string;
  /** The page's title until the item is loaded ("User", "Event 12"). */
  title: string;
  /** The item's id as read from the address (useRouteId). */
  id: RouteId<unknown>;
  /** The page's read of the item (made only for a valid id, and not on a server that lacks the feature). */
  query: UseQueryResult<T>;
  /**
   * For an enterprise-only feature: what a community server shows in place of the page (it says it is a
   * community server, or answers the feature's operations with 404).
   */
  enterpriseOnly?: ReactNode;
  /** The page's own header in every state, in place of the list's crumb and `title` (the item's id, say). */
  header?: ReactNode;
  /** What an address without a valid id shows, in place of the plain sentence (one that says what is wrong). */
  invalid?: ReactNode;
  /** What an id the server does not know shows, in place of the plain sentence. */
  notFound?: ReactNode;
  /** The page for the loaded item, its own header first. */
  children: (item: T) => ReactNode;
}

/**
 * A page about one item of a list (a user, a role, an event): the same header and words for an address
 * that holds no valid id, while the item loads, when it does not exist, when it could not be read, and on
 * a server without the feature; the page itself once the item is in.
 */
export function DetailFrame<T>(props: DetailFrameProps<T>) {
  const { list, noun, title, id, query, enterpriseOnly, children } = props;
  const enterprise = useIsEnterprise();
  const header = (heading: string) =>
    props.header ?? <PageHeader title={heading} crumbs={[{ label: list.label, to: list.to }, { label: heading }]} />;
  const back = (
    <Link component={RouterLink} to={list.to}>
      Back to the {inSentence(list.label)}
    </Link>
  );
  const missing = (said: ReactNode, instead: ReactNode) => (
    <>
      {header(`${capitalised(noun)} not found`)}
      {instead ?? said}
    </>
  );

  if (enterpriseOnly && (enterprise === false || (query.isError && isHttpStatus(query.error, 404) && enterprise !== true))) {
    return (
      <>
        {header(title)}
        {enterpriseOnly}
      </>
    );
  }
  if (!id.ok) {
    const said = (
      <EmptyState title={`No such ${noun}`} action={back}>
        “{id.raw}” is not a {noun} ID.
      </EmptyState>
    );
    return missing(said, props.invalid);
  }
  if (query.data !== undefined) return children(query.data);
  if (query.isError) {
    if (isHttpStatus(query.error, 404)) {
      // The server's own words ("No role has id 99."), under "Not found"; nothing to try again.
      return missing(
        <ErrorState error={query.error} title={`No such ${noun}`}>
          {back}
        </ErrorState>,
        props.notFound,
      );
    }
    return (
      <>
        {header(title)}
        <ErrorState error={query.error} title={`Could not load the ${noun}`} onRetry={() => void query.refetch()}>
          {back}
        </ErrorState>
      </>
    );
  }
  return (
    <>
      {header(title)}
      <LoadingState label={`Loading the ${noun}…`} />
    </>
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** A title in a sentence: "Roles" → "roles"; an initialism stays ("SSO providers"). */
const inSentence = (text: string) => (/^[A-Z][a-z]/.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text);
