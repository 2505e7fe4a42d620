// Every API path, free of zod so the web can import them without pulling schemas into its first download.

export const usuariosPaths = {
  registrar: '/apiusuarios/registrar',
  iniciarSesion: '/apiusuarios/iniciarsesion',
  renovarSesion: '/apiusuarios/renovarsesion',
  cerrarSesion: '/apiusuarios/cerrarsesion',
  perfil: '/apiusuarios/perfil',
  perfilContrasena: '/apiusuarios/perfil/contrasena',
  listar: '/apiusuarios/listarusuarios',
  buscar: (id: number | string) => `/apiusuarios/buscarusuarios/${id}`,
  crearAdmin: '/apiusuarios/crearusuariosadmin',
  editar: (id: number | string) => `/apiusuarios/editarusuarios/${id}`,
  editarEstado: (id: number | string) => `/apiusuarios/editarestadousuario/${id}`,
} as const;

export const categoriasPaths = {
  listar: '/apicategoriaprocedimientos/listarcategorias',
  buscar: (id: number | string) => `/apicategoriaprocedimientos/buscarcategoria/${id}`,
  crear: '/apicategoriaprocedimientos/crearcategoria',
  editar: (id: number | string) => `/apicategoriaprocedimientos/editarcategoria/${id}`,
  eliminar: (id: number | string) => `/apicategoriaprocedimientos/eliminarcategoria/${id}`,
} as const;

export const procedimientosPaths = {
  listar: '/apiprocedimientos/listarprocedimiento',
  buscar: (id: number | string) => `/apiprocedimientos/buscarprocedimiento/${id}`,
  crear: '/apiprocedimientos/crearprocedimiento',
  editar: (id: number | string) => `/apiprocedimientos/editarprocedimiento/${id}`,
  eliminar: (id: number | string) => `/apiprocedimientos/eliminarprocedimiento/${id}`,
  imagenes: (id: number | string) => `/apiprocedimientos/${id}/imagenes`,
  imagen: (id: number | string, imagenId: number | string) => `/apiprocedimientos/${id}/imagenes/${imagenId}`,
  ordenImagenes: (id: number | string) => `/apiprocedimientos/${id}/imagenes/orden`,
} as const;

export const carritoPaths = {
  listar: '/apicarrito/listarmicarrito',
  agregar: '/apicarrito/agregaramicarrito',
  eliminar: (id: number | string) => `/apicarrito/eliminardemicarrito/${id}`,
  limpiar: '/apicarrito/limpiarmicarrito',
} as const;
