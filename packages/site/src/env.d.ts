// Declares Astro's virtual modules (`astro:content`) for the repository-wide `tsc` run.
/// <reference types="astro/client" />
