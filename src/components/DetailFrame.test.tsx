// @vitest-environment jsdom
import { useQuery } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpError } from '@/api/errors';
import { numericId, useRouteId } from '@/lib/route-id';
import { routeFetchTo, testMockServer } from '@/testing/mock-service';
import { renderWithProviders } from '@/testing/render';
import { DetailFrame } from './DetailFrame';

let restore: () => void = () => undefined;
afterEach(() => restore());

/** A page about a thing read by `read` (the test's stand-in for the service). */
function ThingPage({ read, enterpriseOnly }: { read: (id: number) => Promise<{ name: string }>; enterpriseOnly?: boolean }) {
  const id = useRouteId('thingId', numericId);
  const query = useQuery({ queryKey: ['thing', id.ok ? id.id : null], queryFn: () => read(id.ok ? id.id : 0), enabled: id.ok });
  return (
    <DetailFrame
      list={{ label: 'Things', to: '/things' }}
      noun="thing"
      title="Thing"
      id={id}
      query={query}
      enterpriseOnly={enterpriseOnly ? <p>Things need the enterprise edition</p> : undefined}
    >
      {(thing) => <h1>{thing.name}</h1>}
    </DetailFrame>
  );
}

function open(path: string, read: (id: number) => Promise<{ name: string }>, enterpriseOnly = false) {
  return renderWithProviders(<ThingPage read={read} enterpriseOnly={enterpriseOnly} />, { path, routePath: '/things/:thingId' });
}

const notFound = () => Promise.reject(new HttpError('Get a thing', 404, null, null));

describe('DetailFrame', () => {
  it('shows the item once loaded, after saying it is loading', async () => {
    restore = routeFetchTo(testMockServer());
    open('/things/7', async (id) => ({ name: `Thing number ${id}` }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the thing…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Thing number 7' })).toBeInTheDocument();
  });

  it('says an address holds no valid id, and asks nothing', async () => {
    restore = routeFetchTo(testMockServer());
    let asked = false;
    open('/things/seven', async () => {
      asked = true;
      return { name: 'x' };
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Thing not found' })).toBeInTheDocument();
    expect(screen.getByText('“seven” is not a thing ID.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the things' })).toHaveAttribute('href', '/things');
    expect(asked).toBe(false);
  });

  it('says the server knows no such item, in its words, with the way back and no retry', async () => {
    restore = routeFetchTo(testMockServer());
    open('/things/9', notFound);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Not found');
    expect(screen.getByRole('heading', { level: 1, name: 'Thing not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the things' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says a read failed, under the page header, with a way to try again', async () => {
    restore = routeFetchTo(testMockServer());
    open('/things/9', () => Promise.reject(new HttpError('Get a thing', 500, null, null)));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the thing');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Thing' })).toBeInTheDocument();
  });

  it('on a community server, says an enterprise-only item needs the enterprise edition', async () => {
    restore = routeFetchTo(testMockServer({ edition: 'community' }));
    open('/things/9', notFound, true);
    expect(await screen.findByText('Things need the enterprise edition')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Thing' })).toBeInTheDocument();
  });
});
