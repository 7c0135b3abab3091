import type { ListingInput } from '../model/index.ts';

/**
 * The products the template pages lay out: the first twelve of Shopify's public apparel sample store
 * (shopifypartners/product-csvs, shopify-partners-apparel.csv: titles, prices, descriptions), with SKUs and
 * suggested retail prices for the wholesale documents, and drawn pictures served from public/site/samples.
 */
const ROWS: [handle: string, title: string, price: number, category: string, description: string][] = [
  [
    'ocean-blue-shirt',
    'Ocean Blue Shirt',
    50,
    'Shirts',
    'Ocean blue cotton shirt with a narrow collar and buttons down the front and long sleeves.',
  ],
  [
    'classic-varsity-top',
    'Classic Varsity Top',
    60,
    'Tops',
    'Grey and black buttoned top, sport-inspired, with an embroidered letter.',
  ],
  [
    'yellow-wool-jumper',
    'Yellow Wool Jumper',
    80,
    'Knitwear',
    'Knitted jumper in a soft wool blend with low dropped shoulders and wide sleeves.',
  ],
  ['floral-white-top', 'Floral White Top', 75, 'Tops', 'Stylish sleeveless white top with a floral pattern.'],
  [
    'striped-silk-blouse',
    'Striped Silk Blouse',
    50,
    'Tops',
    'Black and red striped silk blouse with buckle collar.',
  ],
  [
    'classic-leather-jacket',
    'Classic Leather Jacket',
    80,
    'Jackets',
    'Zipped leather jacket with an adjustable belt for a comfortable fit.',
  ],
  [
    'dark-denim-top',
    'Dark Denim Top',
    60,
    'Shirts',
    'Classic dark denim top with chest pockets and long sleeves with buttoned cuffs.',
  ],
  [
    'navy-sport-jacket',
    'Navy Sports Jacket',
    60,
    'Jackets',
    'Long-sleeved navy waterproof jacket in thin polyester fabric with a soft mesh inside.',
  ],
  [
    'dark-winter-jacket',
    'Soft Winter Jacket',
    50,
    'Jackets',
    'Thick black winter jacket with soft fleece lining.',
  ],
  [
    'black-leather-bag',
    'Black Leather Bag',
    30,
    'Accessories',
    'Black leather bag with ample space, worn over the shoulder or carried by hand.',
  ],
  [
    'chequered-red-shirt',
    'Chequered Red Shirt',
    50,
    'Shirts',
    'Classic plaid flannel shirt with long sleeves and two chest pockets.',
  ],
  [
    'led-high-tops',
    'LED High Tops',
    80,
    'Accessories',
    'Black high top shoes with green LED lights in the sole.',
  ],
];

export const SAMPLE_LISTINGS: readonly ListingInput[] = ROWS.map(
  ([handle, title, price, category, description], i) => ({
    id: handle,
    title,
    description,
    category,
    sku: `AP-${String(101 + i)}`,
    price: Math.round(price * 0.5 * 100) / 100,
    suggested_retail_price: price,
    iso_currency_code: 'USD',
    main_image: `/site/samples/${handle}.svg`,
    images: [{ original: `/site/samples/${handle}.svg` }],
  }),
);
