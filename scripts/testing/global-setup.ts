import { ensureBuild } from './build.ts';

// Integration and end-to-end suites run against the production build, built once per run when stale.
export default function setup() {
  ensureBuild((m) => console.log(m));
}
