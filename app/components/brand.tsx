import { Link } from 'react-router';

export function BrandMark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true">
      <rect x="5" y="3" width="18" height="24" rx="2" fill="#1f3a5f" />
      <rect x="9" y="6" width="18" height="24" rx="2" fill="#c8a96a" />
      <rect x="12" y="10" width="12" height="2" fill="#fff" />
      <rect x="12" y="14" width="8" height="2" fill="#fff" />
    </svg>
  );
}

export function Brand() {
  return (
    <Link to="/" className="cb-brand">
      <BrandMark />
      Catalog Builder
    </Link>
  );
}
