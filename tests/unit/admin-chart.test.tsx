// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LineChart } from '../../src/admin/Chart.tsx';

afterEach(cleanup);

const series = [{ key: 'pageviews', label: 'Pageviews' }];

describe('the per-day chart', () => {
  it('says there is nothing yet, instead of a flat line, when every day is zero or there are no days', () => {
    render(
      <LineChart
        title="Pageviews, last 30 days"
        points={[{ date: '2026-11-22', pageviews: 0 }]}
        series={series}
        empty="No pageviews yet."
      />,
    );
    expect(screen.getByText('No pageviews yet.')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
    cleanup();
    render(<LineChart title="Pageviews, last 30 days" points={[]} series={series} empty="No pageviews yet." />);
    expect(screen.getByText('No pageviews yet.')).toBeTruthy();
  });

  it('names its totals, and lists every day with the shared date format', () => {
    render(
      <LineChart
        title="Pageviews, last 30 days"
        points={[
          { date: '2026-11-22', pageviews: 1200 },
          { date: '2026-11-23', pageviews: 3 },
        ]}
        series={series}
        empty="No pageviews yet."
      />,
    );
    expect(screen.getByRole('img', { name: 'Pageviews, last 30 days: Pageviews 1203 in all' })).toBeTruthy();
    expect(screen.getByText('Pageviews: 1,203')).toBeTruthy();
    fireEvent.click(screen.getByText('Numbers by day'));
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DayPageviews', '22 Nov 20261,200', '23 Nov 20263']);
  });
});
