from django.apps import AppConfig


class ReviewsConfig(AppConfig):
    name = "reviews"
    verbose_name = "Assessments and reviews"

    def ready(self) -> None:
        from . import checks  # noqa: F401 (registers the deployment check)
