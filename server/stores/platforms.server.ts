import {
  connectFields,
  hasConnector,
  oauthSetup,
  PLATFORMS,
  type ConnectField,
  type PlatformDescriptor,
} from '../../connectors/index.ts';

export type PlatformView = {
  type: string;
  name: string;
  connect: 'fields' | 'oauth' | 'app' | 'discontinued';
  fields: ConnectField[];
  /**
   * Whether a merchant can connect it here now (OAuth: the operator's app keys and settings are set, for one
   * variant at least; Shopify: the app is).
   */
  available: boolean;
};

/**
 * The platforms this server offers on the Stores screen and GET /api/v1/platforms: those whose adapter is
 * registered (connectors/index.ts), in the order of connectors/platforms.ts, and the discontinued ones (so the
 * screen can say so and offer the CSV import). A platform whose adapter is missing is never listed.
 */
export function connectablePlatforms(config: Record<string, unknown>): PlatformView[] {
  return (
    Object.values(PLATFORMS)
      .filter(
        (p) => p.connect === 'discontinued' || (hasConnector(p.type) && (p.connect !== 'oauth' || !!p.oauth)),
      )
      .map((p) => {
        const fields = p.connect === 'oauth' ? offeredFields(p, config) : connectFields(p);
        const choices = fields.filter((f) => f.kind === 'choice');
        return {
          type: p.type,
          name: p.name,
          connect: p.connect,
          fields,
          available:
            p.connect === 'fields' ||
            (p.connect === 'oauth' &&
              choices.every((f) => f.options?.length) &&
              !!oauthSetup(p, config, Object.fromEntries(choices.map((f) => [f.key, f.options![0]!])))) ||
            (p.connect === 'app' && config.shopifyConfigured === true),
        };
      })
      // An OAuth platform without the operator's app keys (and settings) is not offered at all.
      .filter((p) => p.connect !== 'oauth' || p.available)
  );
}

/**
 * An OAuth platform's first fields, a choice keeping only the options this server is set up for (Lightspeed:
 * the series whose app keys are set).
 */
function offeredFields(p: PlatformDescriptor, config: Record<string, unknown>): ConnectField[] {
  return connectFields(p).map((f) =>
    f.kind === 'choice'
      ? { ...f, options: (f.options ?? []).filter((o) => !!oauthSetup(p, config, { [f.key]: o })) }
      : f,
  );
}

/** The platforms a merchant can actually connect here, by name (the home page names them). */
export const connectablePlatformNames = (config: Record<string, unknown>): string[] =>
  connectablePlatforms(config)
    .filter((p) => p.connect !== 'discontinued')
    .map((p) => p.name);
