import { ensureBuild } from '../build-if-stale.mjs';

// Integration and end-to-end suites run against the production build, built once per run when stale.
export default function setup() {
  ensureBuild((m: string) => console.log(m));
}
