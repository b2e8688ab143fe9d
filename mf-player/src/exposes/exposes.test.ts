import { describeRemoteExposes } from '@streamflix/shared/testing';
import { remoteRoutes } from '../remote-routes';
import * as lifecycles from './lifecycles';

describeRemoteExposes(__dirname, remoteRoutes, lifecycles);
