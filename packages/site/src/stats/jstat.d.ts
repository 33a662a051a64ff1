// The part of jstat (no types of its own) that stats/ uses: Student's t distribution.
declare module 'jstat' {
  const jStat: {
    studentt: {
      /** P(T ≤ x) for T with `dof` degrees of freedom. */
      cdf(x: number, dof: number): number;
    };
  };
  export default jStat;
}
