export declare const OPCIONES_NODE: readonly string[];
