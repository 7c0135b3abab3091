/**
 * Default content of the text cells of the default layouts. It is real, editable starting text rather than
 * lorem ipsum, because merchants print what they do not notice.
 *
 * `{{CATALOG_TITLE}}` is a literal placeholder the page renderer replaces with the catalog's title (escaped)
 * wherever it appears in a text element, so a new cover shows the catalog's name without the merchant
 * typing it twice. It is deliberately not a caption token ([TITLE] is the product title).
 */
export const CATALOG_TITLE_TOKEN = '{{CATALOG_TITLE}}';

export const FRONT_COVER_TITLE_HTML = `<h1 style="text-align:center">${CATALOG_TITLE_TOKEN}</h1>`;
export const FRONT_COVER_SUBTITLE_HTML = '<h3 style="text-align:center">Product catalog</h3>';

export const BACK_COVER_HTML = [
  '<div style="text-align:center">',
  `<h2>${CATALOG_TITLE_TOKEN}</h2>`,
  '<p>Thank you for your interest in our products.</p>',
  '<p><strong>Orders and enquiries</strong></p>',
  '<p>orders@yourstore.com · +1 555 0100</p>',
  '<p>www.yourstore.com</p>',
  '</div>',
].join('');

export const WHOLESALE_CONTRACT_TITLE_HTML = '<h2>Wholesale terms and conditions</h2>';

export const WHOLESALE_CONTRACT_TERMS_HTML = [
  '<h4>1. Orders</h4>',
  '<p>The minimum opening order is 300.00 and the minimum reorder is 150.00, in the currency of this catalog. ',
  'Wholesale prices exclude taxes and shipping and are valid for the season of this catalog. ',
  'An order is confirmed when we accept it in writing.</p>',
  '<h4>2. Payment</h4>',
  '<p>Opening orders are paid in full before they ship. Approved accounts may pay reorders within 30 days ',
  'of the invoice date. We may hold further shipments while an invoice is overdue.</p>',
  '<h4>3. Shipping</h4>',
  '<p>In-stock orders ship within 10 business days of payment or approval. Shipping is charged at cost ',
  'unless agreed otherwise. Goods travel at the buyer’s risk once handed to the carrier.</p>',
  '<h4>4. Damages and returns</h4>',
  '<p>Report damaged, missing or incorrect items within 7 days of delivery, with photos. Returns need our ',
  'prior written authorization and are credited against future orders. Sale and custom items are final.</p>',
  '<h4>5. Cancellations</h4>',
  '<p>Orders can be cancelled free of charge until they are packed. Pre-orders can be cancelled until ',
  '30 days before the announced ship date.</p>',
  '<h4>6. Retail pricing and brand use</h4>',
  '<p>The retailer respects the suggested retail prices in advertising and uses our product images and ',
  'brand names only to sell our products.</p>',
].join('');

export const WHOLESALE_CONTRACT_SIGNATURES_HTML = [
  '<table style="width:100%"><tbody><tr>',
  '<td style="width:50%"><p><strong>Retailer</strong></p>',
  '<p>Company: ____________________</p><p>Name: ____________________</p>',
  '<p>Signature: ____________________</p><p>Date: ____________________</p></td>',
  '<td style="width:50%"><p><strong>Supplier</strong></p>',
  '<p>Company: ____________________</p><p>Name: ____________________</p>',
  '<p>Signature: ____________________</p><p>Date: ____________________</p></td>',
  '</tr></tbody></table>',
].join('');

export const ORDER_FORM_TITLE_HTML = '<h2>Wholesale order form</h2>';

export const ORDER_FORM_CUSTOMER_HTML = [
  '<table style="width:100%"><tbody>',
  '<tr><td>Store name: ____________________</td><td>Contact name: ____________________</td></tr>',
  '<tr><td>Email: ____________________</td><td>Phone: ____________________</td></tr>',
  '<tr><td>Billing address: ____________________</td><td>Shipping address: ____________________</td></tr>',
  '<tr><td>PO number: ____________________</td><td>Requested ship date: ____________________</td></tr>',
  '</tbody></table>',
].join('');

export const ORDER_FORM_TOTALS_HTML = [
  '<p>Subtotal: ____________ · Shipping: ____________ · Total: ____________</p>',
  '<p>Buyer signature: ____________________ · Date: ____________</p>',
].join('');

export const TABLE_OF_CONTENTS_TITLE_HTML = '<h2>Contents</h2>';
export const SUMMARY_TITLE_HTML = '<h2>Summary</h2>';
export const TABLE_TITLE_HTML = '<h2>Price list</h2>';

export const FULL_TEXT_HTML = [
  '<h2>About this collection</h2>',
  '<p>Introduce the collection here: what inspired it, the materials and craft behind it, ',
  'and who it is made for.</p>',
  '<p>Add care instructions, sizing notes or anything your buyers should know before ordering.</p>',
].join('');

export const PROFILE_TITLE_HTML = '<h2>About us</h2>';
export const PROFILE_BODY_HTML = [
  '<p>Say in two sentences who you are, what you make and what makes it different.</p>',
  '<p><strong>Contact</strong><br />orders@yourstore.com<br />+1 555 0100<br />www.yourstore.com</p>',
].join('');
export const PROFILE_STORY_HTML = [
  '<h3>Our story</h3>',
  '<p>Tell how and where the company started, how your products are designed and made, ',
  'and the values you hold to.</p>',
  '<p>Mention certifications, press and the retailers who already carry your products.</p>',
].join('');
