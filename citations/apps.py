from django.apps import AppConfig


class CitationsConfig(AppConfig):
    name = "citations"
    verbose_name = "Citation verification"

    def ready(self) -> None:
        from . import checks  # noqa: F401 (registers the deployment checks)
