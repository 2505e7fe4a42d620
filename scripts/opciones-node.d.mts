export declare const OPCIONES_NODE: readonly string[];
export declare const ENTORNO_NODE: Readonly<Record<string, string>>;
