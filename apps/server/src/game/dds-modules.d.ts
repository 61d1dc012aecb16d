/** Types of the two small DDS packages the crest decoder uses (game/crests.ts); they ship none. */
declare module 'parse-dds' {
  interface DdsImage {
    offset: number;
    length: number;
    shape: [number, number];
  }
  interface DdsInfo {
    format: string | number;
    shape: [number, number];
    images: DdsImage[];
    flags: number;
    cubemap: boolean;
  }
  function parseDds(data: ArrayBuffer): DdsInfo;
  export default parseDds;
}

declare module 'decode-dxt' {
  function decodeDxt(data: DataView, width: number, height: number, format?: string): Uint8Array;
  export default decodeDxt;
}
