import { describe, expect, it } from 'vitest';
import { tableCsv } from './table-csv.ts';

describe('tableCsv', () => {
  it('quotes cells that need it and defuses what a spreadsheet would run as a formula', () => {
    expect(
      tableCsv(
        ['email', 'note'],
        [
          ['a@x.com', 'say "hi", then go'],
          ['=HYPERLINK("x")', null],
        ],
      ),
    ).toBe('email,note\r\na@x.com,"say ""hi"", then go"\r\n"\'=HYPERLINK(""x"")",\r\n');
  });
});
