// Declares Astro's virtual modules (`astro:content`) for the repository-wide `tsc` run.
/// <reference types="astro/client" />

// `.astro` components imported from TypeScript (an endpoint renders the index card with Astro's
// container API): `tsc` knows no `.astro` file, Astro's own check does.
declare module '*.astro' {
  const component: import('astro/runtime/server/index.js').AstroComponentFactory;
  export default component;
}
