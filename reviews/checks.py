"""Deployment check of the API's document (``manage.py check --deploy``): /api/openapi.json
puts the shared report contract inside when it is served, so the file must be readable where
``VERBATIM_SHARED_DIR`` says (compose mounts it into the web service)."""

from django.core.checks import Warning, register

from .openapi import report_schema


@register(deploy=True)
def report_contract_is_readable(app_configs=None, **kwargs) -> list[Warning]:
    try:
        report_schema()
    except (OSError, ValueError) as exc:
        return [
            Warning(
                f"/api/openapi.json cannot be served: {exc}",
                hint="set VERBATIM_SHARED_DIR to the shared folder holding "
                "spec/report.schema.json, or mount it there",
                id="reviews.W001",
            )
        ]
    return []
