import { BlockStack, Card, Layout, Page, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import {
  Link,
  type LinksFunction,
  useLoaderData,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import { TUTORIAL_VIDEOS } from '../../core/rules/index.ts';
import { HelpFrame } from '../components/help/help-frame.tsx';
import helpStyles from '../styles/help.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: helpStyles }];

export const meta: MetaFunction = () => [{ title: 'Help · Catalog Builder' }];

/** /help: the guides of the editor's help list, for anyone (SPEC §2.2's 14 tutorials, written). */
const viewerOf = async (request: Request) =>
  (await import('../components/help/help-viewer.server.ts')).helpViewer(request);

export async function loader({ request }: LoaderFunctionArgs) {
  return { viewer: await viewerOf(request) };
}

export default function HelpIndex() {
  const { t } = useTranslation('help');
  const { t: te } = useTranslation('editor');
  const { viewer } = useLoaderData<typeof loader>();
  return (
    <HelpFrame viewer={viewer}>
      <Page title={t('title')} subtitle={t('intro')}>
        <Layout>
          <Layout.Section>
            <nav aria-label={t('guidesLabel')}>
              <ol className="cb-help-list">
                {TUTORIAL_VIDEOS.map((id, i) => (
                  <li key={id}>
                    <Card>
                      <BlockStack gap="100">
                        <Text as="h2" variant="headingSm">
                          <Link to={`/help/${id}`} className="cb-help-list__link">
                            <span className="cb-help-list__number" aria-hidden="true">
                              {i + 1}
                            </span>
                            {te(`assist.tutorial.${id}`)}
                          </Link>
                        </Text>
                        <Text as="p" tone="subdued">
                          {t(`guides.${id}.summary`)}
                        </Text>
                      </BlockStack>
                    </Card>
                  </li>
                ))}
              </ol>
            </nav>
          </Layout.Section>
        </Layout>
      </Page>
    </HelpFrame>
  );
}
