/** Types of the DDS decoder the crests use (game/crests.ts); it ships none. */
declare module 'decode-dxt' {
  function decodeDxt(data: DataView, width: number, height: number, format?: string): Uint8Array;
  export default decodeDxt;
}
