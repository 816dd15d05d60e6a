from django.apps import AppConfig


class NewsConfig(AppConfig):
    name = "corpus.wagtail_cms.news"
    label = "news"
    verbose_name = "News"
