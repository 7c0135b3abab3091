import { BlockStack, Box, Card, InlineStack, Layout, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import {
  Link,
  redirect,
  type LinksFunction,
  useLoaderData,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { TUTORIAL_VIDEOS, isTutorial } from '../../core/rules/index.ts';
import { HelpFrame } from '../components/help/help-frame.tsx';
import helpStyles from '../styles/help.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: helpStyles }];

export const meta: MetaFunction = () => [{ title: 'Help · Catalog Builder' }];

/** /help/{tutorial}: one written guide; an unknown one goes back to the list. */
const viewerOf = async (request: Request) =>
  (await import('../components/help/help-viewer.server.ts')).helpViewer(request);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.tutorialId;
  if (!isTutorial(id)) throw redirect('/help');
  return { id, viewer: await viewerOf(request) };
}

export default function HelpTutorial() {
  const { t } = useTranslation('help');
  const { t: te } = useTranslation('editor');
  const { id, viewer } = useLoaderData<typeof loader>();
  const at = TUTORIAL_VIDEOS.indexOf(id);
  const previous = TUTORIAL_VIDEOS[at - 1];
  const next = TUTORIAL_VIDEOS[at + 1];
  const steps = t(`guides.${id}.steps`, { returnObjects: true }) as string[];
  const tip = t(`guides.${id}.tip`, { defaultValue: '' });
  const title = (g: string) => te(`assist.tutorial.${g}`);
  return (
    <HelpFrame viewer={viewer}>
      <Page
        title={title(id)}
        subtitle={t(`guides.${id}.summary`)}
        backAction={{ content: t('all'), url: '/help' }}
      >
        <Layout>
          <Layout.Section>
            <BlockStack gap="400">
              <Card>
                <BlockStack gap="300">
                  <Text as="h2" variant="headingMd">
                    {t('steps')}
                  </Text>
                  <ol className="cb-help-steps">
                    {steps.map((step, i) => (
                      <li key={i}>
                        <Text as="span">{step}</Text>
                      </li>
                    ))}
                  </ol>
                </BlockStack>
              </Card>
              {tip ? (
                <Card background="bg-surface-secondary">
                  <BlockStack gap="100">
                    <Text as="h2" variant="headingSm">
                      {t('tips')}
                    </Text>
                    <Text as="p">{tip}</Text>
                  </BlockStack>
                </Card>
              ) : null}
              <Box paddingBlockEnd="400">
                <nav aria-label={t('guidesLabel')}>
                  <InlineStack align="space-between" gap="300" wrap>
                    {previous ? (
                      <Link to={`/help/${previous}`} className="cb-help-pager" rel="prev">
                        {t('previous', { title: title(previous) })}
                      </Link>
                    ) : (
                      <span />
                    )}
                    {next ? (
                      <Link to={`/help/${next}`} className="cb-help-pager" rel="next">
                        {t('next', { title: title(next) })}
                      </Link>
                    ) : null}
                  </InlineStack>
                </nav>
              </Box>
            </BlockStack>
          </Layout.Section>
        </Layout>
      </Page>
    </HelpFrame>
  );
}
