import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import styles from './app-toasts.module.css';

/** Toast defaults of spec §2/§9: top-right, dark, auto-close 5000 ms. */
export const APP_TOAST_PROPS = { position: 'top-right', theme: 'dark', autoClose: 5000 } as const;

/** The application toast container. Loaded once the first screen has settled; toasts raised earlier are queued. */
export default function AppToasts() {
  return <ToastContainer {...APP_TOAST_PROPS} className={styles.container} />;
}
