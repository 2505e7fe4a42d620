// Visual identity of the clinic (DESIGN.md): deep mauve brand, warm neutrals, Fraunces + Inter, a real dark theme.
// Contrast (WCAG 2.2 AA) was checked for every text/background pair the theme produces by default:
//  - rosa.7 (#824b60) on white 6.7:1, on the ivory body 6.4:1; white on rosa.7 (filled buttons) 6.7:1.
//  - dark scheme: links use rosa.4 (#c98ca1) on dark.7 6.3:1; dimmed text dark.2 on dark.7 6.6:1.
//  - light dimmed text gray.6 (#6f655d) on white 5.7:1.
import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { GRIS, OSCURO, ROSA, SALVIA } from '@clinica/contracts/marca';

// The palettes live in @clinica/contracts/marca: the e-mails the API sends use the same colours.
const rosa: MantineColorsTuple = [...ROSA];
const salvia: MantineColorsTuple = [...SALVIA];
const gray: MantineColorsTuple = [...GRIS];
const dark: MantineColorsTuple = [...OSCURO];

const etiquetasCalendario = {
  monthLevelControl: 'Elegir mes',
  yearLevelControl: 'Elegir año',
  nextMonth: 'Mes siguiente',
  previousMonth: 'Mes anterior',
  nextYear: 'Año siguiente',
  previousYear: 'Año anterior',
  nextDecade: 'Década siguiente',
  previousDecade: 'Década anterior',
};

export const theme = createTheme({
  primaryColor: 'rosa',
  primaryShade: { light: 7, dark: 7 },
  colors: { rosa, salvia, gray, dark },
  // Filled yellow/orange badges get dark text automatically.
  autoContrast: true,
  white: '#ffffff',
  black: '#2a2420',
  fontFamily: "'Inter Variable', 'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  fontFamilyMonospace: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  headings: {
    fontFamily: "'Fraunces', Georgia, 'Times New Roman', serif",
    fontWeight: '500',
    textWrap: 'balance',
    sizes: {
      h1: { fontSize: 'clamp(2.1rem, 1.5rem + 2.6vw, 3.6rem)', lineHeight: '1.08' },
      h2: { fontSize: 'clamp(1.65rem, 1.3rem + 1.4vw, 2.4rem)', lineHeight: '1.15' },
      h3: { fontSize: '1.375rem', lineHeight: '1.25' },
      h4: { fontSize: '1.125rem', lineHeight: '1.3' },
      h5: { fontSize: '1rem', lineHeight: '1.4' },
      h6: { fontSize: '0.875rem', lineHeight: '1.4' },
    },
  },
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '8px', md: '12px', lg: '18px', xl: '28px' },
  spacing: { xs: '0.625rem', sm: '0.875rem', md: '1.25rem', lg: '1.75rem', xl: '2.5rem' },
  lineHeights: { xs: '1.4', sm: '1.5', md: '1.6', lg: '1.65', xl: '1.7' },
  shadows: {
    xs: '0 1px 2px rgba(62, 36, 46, 0.06)',
    sm: '0 1px 3px rgba(62, 36, 46, 0.06), 0 4px 12px rgba(62, 36, 46, 0.05)',
    md: '0 2px 6px rgba(62, 36, 46, 0.06), 0 12px 28px rgba(62, 36, 46, 0.08)',
    lg: '0 4px 10px rgba(62, 36, 46, 0.06), 0 22px 48px rgba(62, 36, 46, 0.12)',
    xl: '0 8px 18px rgba(62, 36, 46, 0.08), 0 34px 70px rgba(62, 36, 46, 0.16)',
  },
  cursorType: 'pointer',
  focusRing: 'auto',
  respectReducedMotion: true,
  defaultGradient: { from: 'rosa.6', to: 'rosa.8', deg: 135 },
  components: {
    Button: { defaultProps: { radius: 'xl' } },
    Badge: { defaultProps: { radius: 'sm', variant: 'light' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Paper: { defaultProps: { radius: 'lg' } },
    Title: { defaultProps: { c: 'var(--clinica-titulo)' } },
    Anchor: { defaultProps: { underline: 'hover' } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 250 } },
    Notification: { defaultProps: { radius: 'md' } },
    Modal: { defaultProps: { radius: 'lg', centered: true } },
    // A menu's first item takes the focus when it opens, with no placeholder inside role=menu (axe
    // aria-required-children: a menu holds menu items only).
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Every close button (toasts, modals, drawers, alerts) has a Spanish name; one with its own keeps it.
    CloseButton: { defaultProps: { 'aria-label': 'Cerrar' } },
    // A dialog's header is not the page's banner landmark (axe landmark-no-duplicate-banner).
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // @mantine/dates pickers: their month/year arrows have no text, so they get Spanish names everywhere.
    ...Object.fromEntries(
      ['Calendar', 'DatePicker', 'DatePickerInput', 'DateInput', 'DateTimePicker', 'MonthPicker', 'YearPicker'].map(
        (c) => [c, { defaultProps: { ariaLabels: etiquetasCalendario } }],
      ),
    ),
  },
});

/** SPEC status names -> theme colours (DESIGN: info blue, success green, warning yellow/orange, primary brand,
 *  danger red). Use with `<Badge color={colorEstado.success}>`. */
export const colorEstado = {
  info: 'blue',
  success: 'green',
  warning: 'orange',
  primary: 'rosa',
  danger: 'red',
} as const;
export type Estado = keyof typeof colorEstado;

/** Extra variables per scheme: a warm ivory body instead of pure white, surfaces and heading colour. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    '--clinica-header-height': '72px',
  },
  light: {
    '--mantine-color-body': '#fbf8f5',
    '--mantine-color-text': '#2a2420',
    '--mantine-color-default-border': '#e4dcd5',
    '--clinica-superficie': '#ffffff',
    '--clinica-superficie-suave': '#f6f0eb',
    '--clinica-borde': '#ebe3dc',
    '--clinica-titulo': '#3a2530',
    '--clinica-acento-suave': '#f4e4e9',
    // Placeholders: gray.6 (5.7:1 on white) instead of Mantine's gray.5 (3.2:1).
    '--mantine-color-placeholder': '#6f655d',
    // Field errors: red.9 (5.5:1 on white) instead of red.6 (3.3:1).
    '--mantine-color-error': '#c92a2a',
    // Light-variant badges/alerts: Mantine's shade 9 on shade 1 is under 4.5:1 for these colours (green 3.8,
    // orange 3.6, teal 4.3, lime 3.3, yellow 2.7). Darker text keeps the hue at 5.3-6.2:1.
    '--mantine-color-green-light-color': '#237032',
    '--mantine-color-orange-light-color': '#a8380b',
    '--mantine-color-teal-light-color': '#066b4c',
    '--mantine-color-lime-light-color': '#44700a',
    '--mantine-color-yellow-light-color': '#8a4a00',
    // Red (destructive buttons, red menu items, subtle icons): Mantine's red.7 is 3.8:1 with white and on white,
    // and a red menu item is red.6 (3.3:1). red.9 is 5.5:1, its hover a shade darker still.
    '--mantine-color-red-6': '#c92a2a',
    '--mantine-color-red-filled': '#c92a2a',
    '--mantine-color-red-filled-hover': '#a61e1e',
    '--mantine-color-red-text': '#c92a2a',
    '--mantine-color-red-light-color': '#c92a2a',
    '--mantine-color-red-outline': '#c92a2a',
  },
  dark: {
    '--mantine-color-body': '#1f1a1d',
    '--mantine-color-text': '#ede7e9',
    '--clinica-superficie': '#2b2428',
    '--clinica-superficie-suave': '#251f22',
    '--clinica-borde': '#3b3337',
    '--clinica-titulo': '#f6eef1',
    '--clinica-acento-suave': '#3a2a31',
    // Placeholders: dark.2 (5.9:1 on inputs) instead of dark.3 (3.4:1).
    '--mantine-color-placeholder': '#a99ea3',
    // Field errors: a light red (6.5:1 on inputs) instead of red.8 (3.4:1).
    '--mantine-color-error': '#ff8787',
    // Destructive buttons: white on red.9 (5.5:1) instead of red.7 (3.8:1).
    '--mantine-color-red-filled': '#c92a2a',
    '--mantine-color-red-filled-hover': '#a61e1e',
    // Disabled buttons and inputs: dark.5 instead of Mantine's dark.6, which is the cards' surface
    // (--clinica-superficie), so a disabled «Firmar nota» or «Marcar realizada» kept no shape on a card.
    '--mantine-color-disabled': '#3b3337',
  },
});
