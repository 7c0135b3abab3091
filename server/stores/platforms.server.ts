import { connectFields, hasConnector, PLATFORMS, type ConnectField } from '../../connectors/index.ts';

export type PlatformView = {
  type: string;
  name: string;
  connect: 'fields' | 'oauth' | 'app' | 'discontinued';
  fields: ConnectField[];
  /** Whether a merchant can connect it here now (OAuth: the operator's app keys are set; Shopify: the app is). */
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
      // An OAuth platform is offered once its flow is part of the registry (its `oauth`).
      .filter(
        (p) => p.connect === 'discontinued' || (hasConnector(p.type) && (p.connect !== 'oauth' || !!p.oauth)),
      )
      .map((p) => ({
        type: p.type,
        name: p.name,
        connect: p.connect,
        fields: connectFields(p),
        available:
          p.connect === 'fields' ||
          (p.connect === 'oauth' && !!p.oauth && typeof config[`${p.appKeysEnv}_CLIENT_ID`] === 'string') ||
          (p.connect === 'app' && config.shopifyConfigured === true),
      }))
  );
}

/** The platforms a merchant can actually connect here, by name (the home page names them). */
export const connectablePlatformNames = (config: Record<string, unknown>): string[] =>
  connectablePlatforms(config)
    .filter((p) => p.connect !== 'discontinued')
    .map((p) => p.name);
