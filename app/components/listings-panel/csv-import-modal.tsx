import {
  Badge,
  Banner,
  BlockStack,
  DropZone,
  IndexTable,
  InlineStack,
  List,
  Modal,
  Text,
} from '@shopify/polaris';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  localImageKey,
  resolveLocalImages,
  type CsvColumnMapping,
  type CsvProblem,
  type CsvText,
} from '../../../core/csv/index.ts';
import { truncateTitle } from '../../../core/listings/index.ts';
import type { Listing } from '../../../core/model/index.ts';
import { formatPrice, type ImportOutcome } from './format.ts';
import { withoutPictures } from './import-pictures.ts';
import { ApiCallError, reviewCsv, storeListings, uploadImage, type ImportReview } from './api.ts';
import {
  choicesFrom,
  ColumnMappingStep,
  mappingOf,
  mappingSummary,
  unmappedRequired,
  type ColumnChoices,
} from './column-mapping.tsx';

type Step = 'upload-csv' | 'map-columns' | 'upload-images' | 'review-listings';
const STEPS: Step[] = ['upload-csv', 'map-columns', 'upload-images', 'review-listings'];

/** Problems about the whole file, said once without a place (SPEC §5's sentences, "not a CSV file"). */
const FILE_LEVEL = new Set(['not_csv', 'not_enough_lines', 'missing_columns']);

type TFn = (key: string, opts?: Record<string, unknown>) => string;

/** A problem's sentence in the merchant's language (the `csv` namespace); the server's English if it sent no key. */
export function problemMessage(p: Pick<CsvProblem, 'message'> & { text?: CsvText }, t: TFn): string {
  return p.text ? t(`csv:${p.text.key}`, p.text.params) : p.message;
}

/** What the banner says first: a lone problem with its place, else the first problem's sentence. */
function bannerText(problems: CsvProblem[], t: TFn): string | null {
  const [first] = problems;
  if (!first) return null;
  if (problems.length > 1 || FILE_LEVEL.has(first.code)) return problemMessage(first, t);
  return problemText(first, t);
}

/** "Line 4, column price: …", in the merchant's language. */
export function problemText(p: CsvProblem, t: TFn): string {
  const message = problemMessage(p, t);
  return p.column === null
    ? t('listings.import.problemAtLine', { line: p.line, message })
    : t('listings.import.problemAt', { line: p.line, column: p.columnName ?? p.column, message });
}

/** SPEC §4 'CSV import': upload-csv → upload-images (only with local picture names) → review-listings → import. */
export function CsvImportModal({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: (outcome: ImportOutcome) => void;
}) {
  const { t, i18n } = useTranslation('app');
  const [step, setStep] = useState<Step>('upload-csv');
  const [review, setReview] = useState<ImportReview | null>(null);
  const [fileName, setFileName] = useState('');
  const [error, setError] = useState<{ message: string; problems: CsvProblem[] } | null>(null);
  const [uploads, setUploads] = useState<Record<string, string>>({});
  const [ignored, setIgnored] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  /** The column-mapping step's choices, once the file's headers are not all ours. */
  const [mapping, setMapping] = useState<(ColumnChoices & { missing: CsvProblem }) | null>(null);
  const [showRequired, setShowRequired] = useState(false);

  const resolved = useMemo(() => {
    if (!review) return [];
    const r = resolveLocalImages(review.listings, uploads);
    return withoutPictures(r.listings as Listing[], new Set(r.missing));
  }, [review, uploads]);
  const missing = (review?.localImages ?? []).filter((name) => !uploads[localImageKey(name)]);

  function missingColumnsProblem(err: unknown): CsvProblem | null {
    if (!(err instanceof ApiCallError) || !Array.isArray(err.details)) return null;
    const [first] = err.details as CsvProblem[];
    return first?.code === 'missing_columns' ? first : null;
  }

  function fail(err: unknown) {
    const problems =
      err instanceof ApiCallError && Array.isArray(err.details) ? (err.details as CsvProblem[]) : [];
    setError({ message: (err as Error).message, problems });
  }

  /** Reads the file (through the mapping, when there is one) and goes to the step after upload-csv. */
  async function read(chosen: File, columns?: CsvColumnMapping) {
    setBusy(true);
    setError(null);
    try {
      const r = await reviewCsv(chosen, columns);
      setReview(r);
      setUploads({});
      setStep(r.localImages.length > 0 ? 'upload-images' : 'review-listings');
    } catch (err) {
      const missing = missingColumnsProblem(err);
      if (missing?.headers?.length) {
        // SPEC §5's message, with a way on: say which of the file's columns hold our fields.
        const sample = missing.sample ?? [];
        setMapping({ ...choicesFrom(missing.headers, sample, { ...missing.columns, ...columns }), missing });
        setShowRequired(columns !== undefined);
        setStep('map-columns');
      } else fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function readCsv(files: File[]) {
    const chosen = files[0];
    if (!chosen) return;
    setFile(chosen);
    setFileName(chosen.name);
    setMapping(null);
    setReview(null);
    await read(chosen);
  }

  function applyMapping() {
    if (!file || !mapping) return;
    if (unmappedRequired(mapping).length > 0) {
      setShowRequired(true);
      return;
    }
    void read(file, mappingOf(mapping));
  }

  /** From the review step back to the mapping the file was read with, to change it. */
  function changeColumns() {
    if (!review) return;
    const sample = mapping?.sample ?? [];
    const missing = mapping?.missing ?? {
      code: 'missing_columns' as const,
      message: '',
      text: { key: 'missingColumns' as const, params: { columns: '' } },
      line: 1,
      column: null,
      columnName: null,
    };
    setMapping({ ...choicesFrom(review.headers, sample, review.columns), missing });
    setShowRequired(false);
    setStep('map-columns');
  }

  async function addImages(files: File[]) {
    const wanted = new Set((review?.localImages ?? []).map(localImageKey));
    setBusy(true);
    setError(null);
    setIgnored(files.filter((f) => !wanted.has(localImageKey(f.name))).map((f) => f.name));
    try {
      for (const file of files.filter((f) => wanted.has(localImageKey(f.name)))) {
        const { url } = await uploadImage(file);
        setUploads((u) => ({ ...u, [localImageKey(file.name)]: url }));
      }
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  async function runImport() {
    setBusy(true);
    setError(null);
    try {
      const r = await storeListings(resolved);
      onImported({ created: r.created, updated: r.updated });
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  const primary =
    step === 'map-columns'
      ? { content: t('listings.import.next'), onAction: applyMapping, loading: busy }
      : step === 'upload-images'
        ? {
            content: missing.length ? t('listings.import.skipImages') : t('listings.import.next'),
            onAction: () => setStep('review-listings'),
            disabled: busy,
          }
        : step === 'review-listings'
          ? {
              content: t('listings.import.import', { count: resolved.length }),
              onAction: runImport,
              loading: busy,
            }
          : undefined;
  const previous: Record<Step, Step> = {
    'upload-csv': 'upload-csv',
    'map-columns': 'upload-csv',
    'upload-images': mapping ? 'map-columns' : 'upload-csv',
    'review-listings': review?.localImages.length ? 'upload-images' : mapping ? 'map-columns' : 'upload-csv',
  };
  const back =
    step === 'upload-csv'
      ? []
      : [{ content: t('listings.import.back'), onAction: () => setStep(previous[step]), disabled: busy }];
  const shownSteps = STEPS.filter(
    (s) =>
      (s !== 'upload-images' || (review?.localImages.length ?? 0) > 0) && (s !== 'map-columns' || mapping),
  );

  return (
    <Modal
      open={open}
      onClose={onClose}
      size="large"
      title={t('listings.import.title')}
      primaryAction={primary}
      secondaryActions={[...back, { content: t('listings.form.cancel'), onAction: onClose }]}
    >
      <Modal.Section>
        <BlockStack gap="400">
          <InlineStack gap="200">
            {shownSteps.map((s, i) => (
              <Badge key={s} tone={s === step ? 'info' : undefined}>
                {`${i + 1}. ${t(`listings.import.steps.${s}`)}`}
              </Badge>
            ))}
          </InlineStack>
          {error ? (
            <Banner tone="critical" title={t('listings.import.problems')}>
              <BlockStack gap="200">
                {/* The server's message is its first problem's; said here in the merchant's language. */}
                <p>{bannerText(error.problems, t) ?? error.message}</p>
                {error.problems.length > 1 ? (
                  <List>
                    {error.problems.slice(0, 50).map((p, i) => (
                      <List.Item key={i}>{problemText(p, t)}</List.Item>
                    ))}
                  </List>
                ) : null}
              </BlockStack>
            </Banner>
          ) : null}
          {step === 'upload-csv' ? (
            <DropZone
              label={t('listings.import.chooseFile')}
              accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain,application/vnd.ms-excel"
              type="file"
              allowMultiple={false}
              onDrop={(files) => void readCsv(files)}
              disabled={busy}
            >
              <DropZone.FileUpload
                actionTitle={busy ? t('listings.import.reading') : t('listings.import.chooseFile')}
                actionHint={t('listings.import.fileHelp')}
              />
            </DropZone>
          ) : null}
          {step === 'map-columns' && mapping ? (
            <ColumnMappingStep
              choices={mapping}
              onChange={(next) => setMapping({ ...next, missing: mapping.missing })}
              fileName={fileName}
              missingMessage={problemMessage(mapping.missing, t)}
              showRequired={showRequired}
              t={t}
            />
          ) : null}
          {step === 'upload-images' && review ? (
            <BlockStack gap="300">
              <Text as="p">{t('listings.import.imagesIntro', { file: fileName })}</Text>
              <DropZone
                label={t('listings.import.chooseImages')}
                accept="image/*"
                type="image"
                onDrop={(files) => void addImages(files)}
                disabled={busy}
              >
                <DropZone.FileUpload actionTitle={t('listings.import.chooseImages')} />
              </DropZone>
              <List>
                {review.localImages.map((name) => (
                  <List.Item key={name}>
                    <InlineStack gap="200">
                      <Text as="span">{name}</Text>
                      {uploads[localImageKey(name)] ? (
                        <Badge tone="success">{t('listings.import.uploaded')}</Badge>
                      ) : (
                        <Badge tone="attention">{t('listings.import.missing')}</Badge>
                      )}
                    </InlineStack>
                  </List.Item>
                ))}
              </List>
              {ignored.length ? (
                <Text as="p" tone="subdued">
                  {t('listings.import.notInFile', { names: ignored.join(', ') })}
                </Text>
              ) : null}
            </BlockStack>
          ) : null}
          {step === 'review-listings' && review ? (
            <ReviewStep
              review={review}
              listings={resolved}
              fileName={fileName}
              t={t}
              locale={i18n.language}
              onChangeColumns={changeColumns}
            />
          ) : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}

function ReviewStep({
  review,
  listings,
  fileName,
  t,
  locale,
  onChangeColumns,
}: {
  review: ImportReview;
  listings: Listing[];
  fileName: string;
  t: TFn;
  locale: string;
  onChangeColumns: () => void;
}) {
  return (
    <BlockStack gap="300">
      {review.columnsFrom !== 'names' ? (
        <Banner
          tone="info"
          title={t(`listings.import.mapping.${review.columnsFrom === 'saved' ? 'savedTitle' : 'usedTitle'}`)}
          action={{ content: t('listings.import.mapping.change'), onAction: onChangeColumns }}
        >
          <p>{mappingSummary(review.columns, t)}</p>
        </Banner>
      ) : null}
      <Text as="p">
        {t('listings.import.reviewIntro', {
          count: listings.length,
          file: fileName,
          format: t(`listings.import.formats.${review.format}`),
        })}
      </Text>
      {review.warnings.length ? (
        <Banner tone="warning" title={t('listings.import.warnings')}>
          <List>
            {review.warnings.slice(0, 50).map((p, i) => (
              <List.Item key={i}>{problemText(p, t)}</List.Item>
            ))}
          </List>
        </Banner>
      ) : null}
      <IndexTable
        resourceName={{ singular: t('listings.singular'), plural: t('listings.plural') }}
        itemCount={listings.length}
        selectable={false}
        headings={[
          { title: t('listings.import.columns.title') },
          { title: t('listings.import.columns.price'), alignment: 'end' },
          { title: t('listings.import.columns.category') },
          { title: t('listings.import.columns.stock'), alignment: 'end' },
          { title: t('listings.import.columns.variations'), alignment: 'end' },
          { title: t('listings.import.columns.images'), alignment: 'end' },
        ]}
      >
        {listings.slice(0, 500).map((l, i) => (
          <IndexTable.Row id={String(i)} key={i} position={i}>
            <IndexTable.Cell>
              <span title={l.title}>{truncateTitle(l.title)}</span>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end">
                {l.price === null ? '—' : formatPrice(l.price, l.iso_currency_code, locale)}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>{l.category ?? '—'}</IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end">
                {l.stock ?? '—'}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end">
                {l.variations.length}
              </Text>
            </IndexTable.Cell>
            <IndexTable.Cell>
              <Text as="span" alignment="end">
                {l.images.length}
              </Text>
            </IndexTable.Cell>
          </IndexTable.Row>
        ))}
      </IndexTable>
      {listings.length > 500 ? (
        <Text as="p" tone="subdued">
          {t('listings.import.more', { count: listings.length - 500 })}
        </Text>
      ) : null}
    </BlockStack>
  );
}
