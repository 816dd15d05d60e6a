from django.contrib import admin

from .models import Author, Book


class BookInline(admin.TabularInline):
    model = Book
    extra = 1
    fields = ["title", "genre", "published", "in_stock"]


@admin.register(Author)
class AuthorAdmin(admin.ModelAdmin):
    list_display = ["name", "country", "born"]
    list_filter = ["country"]
    search_fields = ["name"]
    inlines = [BookInline]
    list_per_page = 20


@admin.register(Book)
class BookAdmin(admin.ModelAdmin):
    list_display = ["title", "author", "genre", "published", "in_stock"]
    list_editable = ["in_stock"]
    list_filter = ["genre", "in_stock"]
    search_fields = ["title", "author__name"]
    date_hierarchy = "published"
    list_per_page = 25
