/** A file imported as its text (see src/dashboard/page.ts). */
declare module "*?raw" {
  const text: string
  export default text
}
