import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEATURED_SLIDE_INTERVAL_MS } from '../../../core/constants.ts';
import type { Catalog } from '../../../core/model/index.ts';
import { CoverImage } from '../catalogs/catalog-card.tsx';
import { onlineUrl } from '../catalogs/links.ts';

export type FeaturedSlide = { _id: string; slug: string | null; title: string; cover: Catalog | null };

function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(query.matches);
    const change = () => setReduced(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return reduced;
}

/**
 * The featured catalogs as slides (SPEC §9: the next one every 5000 ms), paused while the pointer or the keyboard
 * focus is on them, by the Pause button, and for readers who ask for reduced motion; previous and next buttons.
 */
export function FeaturedSlides({ slides }: { slides: readonly FeaturedSlide[] }) {
  const { t } = useTranslation('site');
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reduced = useReducedMotion();
  const running = slides.length > 1 && !hovered && !stopped && !reduced;
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(
      () => setIndex((i) => (i + 1) % slides.length),
      FEATURED_SLIDE_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [running, slides.length]);
  const go = (step: number) => setIndex((i) => (i + step + slides.length) % slides.length);
  return (
    <section
      className="cb-slides"
      aria-roledescription="carousel"
      aria-label={t('explore.slidesLabel')}
      data-running={running ? 'true' : 'false'}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className="cb-slides__track" aria-live={running ? 'off' : 'polite'}>
        {slides.map((s, i) => (
          <div
            key={s._id}
            className="cb-slides__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('explore.slide', { n: i + 1, total: slides.length })}
            hidden={i !== index}
          >
            <a href={onlineUrl(s)} className="cb-slides__link">
              <CoverImage cover={s.cover} height={360} />
              <span className="cb-slides__title">{s.title || t('explore.untitled')}</span>
              <span className="cb-slides__open">{t('explore.open')}</span>
            </a>
          </div>
        ))}
      </div>
      {slides.length > 1 ? (
        <div className="cb-slides__controls">
          <button type="button" className="cb-site-button" onClick={() => go(-1)}>
            <span aria-hidden="true">←</span> {t('explore.previous')}
          </button>
          <button type="button" className="cb-site-button" onClick={() => setStopped((s) => !s)}>
            {stopped ? t('explore.play') : t('explore.pause')}
          </button>
          <button type="button" className="cb-site-button" onClick={() => go(1)}>
            {t('explore.next')} <span aria-hidden="true">→</span>
          </button>
        </div>
      ) : null}
    </section>
  );
}
