// Renders the API document on /api/docs with the vendored Swagger UI. A file, not an inline
// script: the site's CSP allows scripts from 'self' only.
document.addEventListener("DOMContentLoaded", () => {
  const root = document.getElementById("api-docs");
  SwaggerUIBundle({
    url: root.dataset.document,
    domNode: root,
    deepLinking: true,
    validatorUrl: null,
  });
});
