export * from './product';
export * from './envelope';
export * from './permissions';
export * from './constants';
export * from './auth';
export * from './admins';
export * from './dashboard';
export * from './audit';
