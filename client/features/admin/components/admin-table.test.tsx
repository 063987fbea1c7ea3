// @vitest-environment jsdom
/**
 * What useA11yTable leans on (docs/adr/0013): Arco's Table draws its select-all checkbox with no
 * name and takes none from its props (`rowSelection.columnTitle` is drawn beside the box, not as
 * its label). When Arco names it, the first test fails and the hook can go.
 */
import Table from '@arco-design/web-react/es/Table';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useA11yTable } from './admin-table';

const columns = [{ title: 'Name', dataIndex: 'name' }];
const data = [
  { key: '1', name: 'a' },
  { key: '2', name: 'b' },
];

function List({ named }: { named: boolean }) {
  const ref = useA11yTable({ selectAll: 'Select all rows' });
  return (
    <div ref={named ? ref : undefined}>
      <Table
        columns={columns}
        data={data}
        pagination={false}
        rowSelection={{ type: 'checkbox', columnTitle: <span>Select</span> }}
      />
    </div>
  );
}

/** The select-all box's accessible name as far as the markup gives one. */
function selectAllName(container: HTMLElement): string {
  const input = container.querySelector<HTMLInputElement>('thead input[type="checkbox"]');
  expect(input).not.toBeNull();
  const label = input!.closest('label');
  return (
    input!.getAttribute('aria-label') ??
    input!.getAttribute('aria-labelledby') ??
    label?.textContent?.trim() ??
    ''
  );
}

describe("Arco's select-all checkbox", () => {
  afterEach(cleanup);

  it('has no name of its own, even with a column title', () => {
    expect(selectAllName(render(<List named={false} />).container)).toBe('');
  });

  it('is named by useA11yTable', () => {
    expect(selectAllName(render(<List named />).container)).toBe('Select all rows');
  });
});
