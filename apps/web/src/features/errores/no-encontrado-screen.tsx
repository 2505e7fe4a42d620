// /404 (SPEC 2: any unknown path redirects here).
import { usePageMeta } from '../../components/use-page-meta.ts';
import { PaginaError } from './pagina-error.tsx';

export default function NoEncontradoScreen() {
  usePageMeta({ title: 'Página no encontrada', description: 'La página que buscas no existe o cambió de dirección.' });
  return (
    <PaginaError codigo="404" titulo="No encontramos esta página">
      Puede que el enlace esté mal escrito o que la página haya cambiado de lugar. Desde aquí puedes volver a un sitio
      conocido.
    </PaginaError>
  );
}
