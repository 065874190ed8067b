from django.apps import AppConfig


class WebhooksConfig(AppConfig):
    name = "webhooks"
    verbose_name = "Webhooks"

    def ready(self) -> None:
        # citations/ and reviews/ send signals and never import this app; it listens here.
        from . import receivers

        receivers.connect()
