from django.db import models
from wagtail.admin.panels import FieldPanel
from wagtail.fields import RichTextField
from wagtail.models import Page


class NewsIndexPage(Page):
    intro = models.CharField(max_length=250, blank=True)
    content_panels = [*Page.content_panels, FieldPanel("intro")]
    subpage_types = ["news.NewsPage"]


class NewsPage(Page):
    date = models.DateField("Post date", null=True, blank=True)
    intro = models.CharField(max_length=250, blank=True)
    body = RichTextField(blank=True)
    content_panels = [*Page.content_panels, FieldPanel("date"), FieldPanel("intro"), FieldPanel("body")]
    parent_page_types = ["news.NewsIndexPage"]
