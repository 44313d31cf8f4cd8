export { PlainTextField, PlainSelectField } from './PlainField';
export { PlainIconButton } from './PlainIconButton';
export * from './PlainIcon';
export { plainControlsCss, usePlainControlsCss, useStyleSheet } from './plain-styles';
