export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_FLAGS: readonly string[];
export declare function chromiumLaunchOptions(extraArgs?: readonly string[]): {
  executablePath: string;
  args: string[];
};
