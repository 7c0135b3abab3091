// page-flip 2.x ships without type declarations; these cover what viewer/client/flipbook.ts uses.
declare module 'page-flip' {
  export type PageFlipSettings = {
    width: number;
    height: number;
    size?: 'fixed' | 'stretch';
    minWidth?: number;
    maxWidth?: number;
    minHeight?: number;
    maxHeight?: number;
    drawShadow?: boolean;
    flippingTime?: number;
    usePortrait?: boolean;
    startPage?: number;
    autoSize?: boolean;
    maxShadowOpacity?: number;
    showCover?: boolean;
    mobileScrollSupport?: boolean;
    swipeDistance?: number;
    clickEventForward?: boolean;
    useMouseEvents?: boolean;
    showPageCorners?: boolean;
    disableFlipByClick?: boolean;
  };
  export type PageFlipEvent<T> = { data: T; object: PageFlip };
  export class PageFlip {
    constructor(element: HTMLElement, settings: PageFlipSettings);
    loadFromHTML(items: HTMLElement[] | NodeListOf<HTMLElement>): void;
    on(event: 'flip', cb: (e: PageFlipEvent<number>) => void): this;
    on(event: 'init' | 'update', cb: (e: PageFlipEvent<{ page: number; mode: string }>) => void): this;
    on(event: 'changeOrientation' | 'changeState', cb: (e: PageFlipEvent<string>) => void): this;
    getPageCount(): number;
    getCurrentPageIndex(): number;
    getOrientation(): 'portrait' | 'landscape';
    getBoundsRect(): { left: number; top: number; width: number; height: number; pageWidth: number };
    turnToPage(page: number): void;
    flipNext(corner?: 'top' | 'bottom'): void;
    flipPrev(corner?: 'top' | 'bottom'): void;
    flip(page: number, corner?: 'top' | 'bottom'): void;
    update(): void;
    getSettings(): PageFlipSettings;
    getFlipController(): { flip(point: { x: number; y: number }): void };
    destroy(): void;
  }
}
