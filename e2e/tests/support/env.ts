import path from 'node:path';

const ports = { shell: 3100, catalog: 3101, player: 3102, account: 3103, checkout: 3104, api: 4100 };

export const E2E = {
  ports,
  controlPort: 3199,
  shellUrl: `http://localhost:${ports.shell}`,
  apiUrl: `http://localhost:${ports.api}`,
  dataDir: process.env.E2E_DATA_DIR ?? path.join(__dirname, '../../.data'),
  /** Generated HLS media is shared with `npm start` (generating it costs minutes of CPU). */
  mediaDir: process.env.E2E_MEDIA_DIR ?? path.join(__dirname, '../../../api/data/media'),
  authFile: path.join(__dirname, '../../.auth/viewer.json'),
};
