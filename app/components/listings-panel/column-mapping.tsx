import { Banner, BlockStack, InlineGrid, Select, Text } from '@shopify/polaris';
import {
  CSV_COLUMNS,
  REQUIRED_CSV_COLUMNS,
  type CsvColumnMapping,
  type CsvField,
} from '../../../core/csv/index.ts';

type TFn = (key: string, opts?: Record<string, unknown>) => string;

/** The file's columns and, for each, the field of ours it holds ('' : not imported). */
export type ColumnChoices = {
  headers: string[];
  /** The first product row, one value per header, to recognise the columns by. */
  sample: string[];
  fields: (CsvField | '')[];
};

const REQUIRED = new Set<CsvField>(REQUIRED_CSV_COLUMNS);
const FIELDS = Object.keys(CSV_COLUMNS) as CsvField[];

/** The choices a mapping (our field → header) makes over these headers. */
export function choicesFrom(headers: string[], sample: string[], columns: CsvColumnMapping): ColumnChoices {
  const fields: (CsvField | '')[] = headers.map(() => '');
  for (const field of FIELDS) {
    const header = columns[field];
    if (!header) continue;
    const at = headers.findIndex(
      (h, i) => fields[i] === '' && h.trim().toLowerCase() === header.trim().toLowerCase(),
    );
    if (at !== -1) fields[at] = field;
  }
  return { headers, sample, fields };
}

/** The mapping the API takes: our field → the file's header. */
export function mappingOf(choices: ColumnChoices): CsvColumnMapping {
  const out: CsvColumnMapping = {};
  choices.fields.forEach((field, i) => {
    if (field) out[field] = choices.headers[i];
  });
  return out;
}

/** Required fields no column holds yet, in SPEC order. */
export function unmappedRequired(choices: ColumnChoices): CsvField[] {
  return REQUIRED_CSV_COLUMNS.filter((f) => !choices.fields.includes(f));
}

/**
 * The column-mapping step of the CSV import: each column of the file with the field of ours it holds, chosen
 * from a list (required fields first). A field goes to one column: choosing it for another moves it there.
 */
export function ColumnMappingStep({
  choices,
  onChange,
  fileName,
  missingMessage,
  showRequired,
  t,
}: {
  choices: ColumnChoices;
  onChange: (next: ColumnChoices) => void;
  fileName: string;
  /** SPEC §5's "The following columns are missing: ..." in the merchant's language. */
  missingMessage: string;
  /** Name the required fields still unchosen (after a Continue that could not go on). */
  showRequired: boolean;
  t: TFn;
}) {
  const label = (f: CsvField) => t(`listings.import.fields.${f}`);
  const options = [
    { label: t('listings.import.mapping.ignore'), value: '' },
    {
      title: t('listings.import.mapping.required'),
      options: REQUIRED_CSV_COLUMNS.map((f) => ({ label: label(f), value: f })),
    },
    {
      title: t('listings.import.mapping.optional'),
      options: FIELDS.filter((f) => !REQUIRED.has(f)).map((f) => ({ label: label(f), value: f })),
    },
  ];
  const choose = (index: number, field: CsvField | '') => {
    const fields = choices.fields.map((f, i) => (i === index ? field : f === field ? '' : f));
    onChange({ ...choices, fields });
  };
  const unmapped = unmappedRequired(choices);
  return (
    <BlockStack gap="400">
      <Banner tone="warning" title={missingMessage}>
        <p>{t('listings.import.mapping.intro', { file: fileName })}</p>
      </Banner>
      <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
        {choices.headers.map((header, i) => (
          <Select
            key={`${i}:${header}`}
            label={header || t('listings.import.mapping.unnamed', { index: i + 1 })}
            options={options}
            value={choices.fields[i] ?? ''}
            onChange={(v) => choose(i, v as CsvField | '')}
            helpText={
              choices.sample[i]
                ? t('listings.import.mapping.example', { value: truncate(choices.sample[i]!) })
                : undefined
            }
          />
        ))}
      </InlineGrid>
      {showRequired && unmapped.length > 0 ? (
        <div role="alert">
          <Text as="p" tone="critical">
            {t('listings.import.mapping.chooseRequired', { fields: unmapped.map(label).join(', ') })}
          </Text>
        </div>
      ) : null}
    </BlockStack>
  );
}

/** How a mapping read the file's columns, shown on the review step with a way back to change it. */
export function mappingSummary(columns: CsvColumnMapping, t: TFn): string {
  return FIELDS.filter((f) => columns[f] && columns[f]!.trim().toLowerCase() !== f)
    .map((f) =>
      t('listings.import.mapping.pair', { header: columns[f], field: t(`listings.import.fields.${f}`) }),
    )
    .join(', ');
}

const truncate = (s: string) => (s.length > 60 ? `${s.slice(0, 59)}…` : s);
