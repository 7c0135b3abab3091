/**
 * A catalog's brand (SPEC §2.2 theme editor and CSS panel, §2.6 fonts panel, §3 Theme): the theme editor's named
 * controls over the theme map, colour parsing and WCAG contrast, the fonts we serve ourselves and how font_links
 * read offline, and the CSS panel's examples. Pure: the editor, the server and the renderers share it.
 */
export * from './theme-controls.ts';
export * from './contrast.ts';
export * from './fonts.ts';
export * from './css-examples.ts';
export * from './color-names.ts';
export * from './saved-look.ts';
export * from './background.ts';
