import { NO_FEATURES } from '../../core/billing/index.ts';
import { ESSENTIAL_ANNUAL_OFFER_CODE } from '../../core/constants.ts';
import type { PlanLimits } from '../../core/model/index.ts';

export type SeedPlan = {
  id: string;
  title: string;
  tier: 'trial' | 'essential' | 'personal' | 'business' | 'enterprise' | 'premium' | 'custom';
  /** Monthly price when billed yearly (the yearly price is 12 times this). */
  yearlyPrice: number;
  payAsYouGoPrice: number;
  durationDays: number;
  ordering: number;
  public: boolean;
  limits: PlanLimits;
};

/** Every feature on: plans start from core/billing's NO_FEATURES and switch on what they offer. */
const all = Object.fromEntries(Object.keys(NO_FEATURES).map((k) => [k, true])) as {
  -readonly [K in keyof typeof NO_FEATURES]: boolean;
};

/**
 * Every plan of SPEC §2.4/§4 with every limit of SPEC §3 set on purpose. The trial lets a merchant try
 * every design feature (watermarked, without download, print or embed: SPEC §6); paid tiers grow in
 * volume and unlock publishing, privacy, wholesale and customisation features.
 */
export const PLANS: SeedPlan[] = [
  {
    id: 'trial',
    title: 'Free trial',
    tier: 'trial',
    yearlyPrice: 0,
    payAsYouGoPrice: 0,
    durationDays: 14,
    ordering: 0,
    public: false,
    limits: {
      ...NO_FEATURES,
      max_catalogs: 3,
      max_pages_per_catalog: 40,
      max_products_per_catalog: 300,
      max_orders: 0,
      products_link: true,
      wholesale_features: true,
      custom_themes: true,
      custom_fields: true,
    },
  },
  {
    id: 'ESSENTIAL',
    title: 'Essential',
    tier: 'essential',
    yearlyPrice: 9,
    payAsYouGoPrice: 15,
    durationDays: 365,
    ordering: 10,
    public: true,
    limits: {
      ...NO_FEATURES,
      max_catalogs: 1,
      max_pages_per_catalog: 20,
      max_products_per_catalog: 150,
      max_orders: 0,
      products_link: true,
    },
  },
  {
    id: 'PERSONAL',
    title: 'Personal',
    tier: 'personal',
    yearlyPrice: 19,
    payAsYouGoPrice: 29,
    durationDays: 365,
    ordering: 20,
    public: true,
    limits: {
      ...NO_FEATURES,
      max_catalogs: 5,
      max_pages_per_catalog: 100,
      max_products_per_catalog: 1_000,
      max_orders: 0,
      embeddable: true,
      products_link: true,
      password: true,
      csv_export: true,
    },
  },
  {
    id: 'BUSINESS',
    title: 'Business',
    tier: 'business',
    yearlyPrice: 49,
    payAsYouGoPrice: 69,
    durationDays: 365,
    ordering: 30,
    public: true,
    limits: {
      ...all,
      max_catalogs: 25,
      max_pages_per_catalog: 300,
      max_products_per_catalog: 5_000,
      max_orders: 500,
      custom_domain: false,
      custom_design: false,
      priority_support: false,
    },
  },
  {
    id: 'ENTERPRISE',
    title: 'Enterprise',
    tier: 'enterprise',
    yearlyPrice: 99,
    payAsYouGoPrice: 139,
    durationDays: 365,
    ordering: 40,
    public: true,
    limits: {
      ...all,
      max_catalogs: 100,
      max_pages_per_catalog: 1_000,
      max_products_per_catalog: 50_000,
      max_orders: 5_000,
      custom_design: false,
    },
  },
  {
    id: 'PREMIUM',
    title: 'Premium',
    tier: 'premium',
    yearlyPrice: 199,
    payAsYouGoPrice: 279,
    durationDays: 365,
    ordering: 50,
    public: true,
    limits: {
      ...all,
      max_catalogs: 9_999,
      max_pages_per_catalog: 9_999,
      max_products_per_catalog: 999_999,
      max_orders: 99_999,
    },
  },
  {
    id: 'CUSTOM',
    title: 'Custom',
    tier: 'custom',
    yearlyPrice: 0,
    payAsYouGoPrice: 0,
    durationDays: 365,
    ordering: 60,
    public: false,
    limits: {
      ...all,
      max_catalogs: 9_999,
      max_pages_per_catalog: 9_999,
      max_products_per_catalog: 999_999,
      max_orders: 99_999,
    },
  },
];

export const TRIAL_PLAN_ID = 'trial';
/** The plan staff move an account to with GET /api/v1/subscriptions/upgrade?upgrade=true. */
export const DEFAULT_UPGRADE_PLAN_ID = 'BUSINESS';

/**
 * SPEC §9 ESSENTIAL-ANNUALLY: the Essential plan paid yearly at a discount, for a limited number of orders and
 * days after the first start (each order takes one, once).
 */
export const LAUNCH_OFFER = {
  id: ESSENTIAL_ANNUAL_OFFER_CODE,
  planId: 'ESSENTIAL',
  period: 'yearly',
  percentOff: 40,
  remaining: 100,
  days: 30,
} as const;
