from django.apps import AppConfig


class LibraryConfig(AppConfig):
    name = "corpus.django_library.library"
    label = "library"
    verbose_name = "Library"
