from django.db import models


class Author(models.Model):
    name = models.CharField(max_length=100, unique=True)
    country = models.CharField(max_length=60, blank=True)
    born = models.DateField(null=True, blank=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Book(models.Model):
    GENRES = [("novel", "Novel"), ("poetry", "Poetry"), ("history", "History"), ("science", "Science")]

    title = models.CharField(max_length=200, unique=True)
    author = models.ForeignKey(Author, on_delete=models.CASCADE, related_name="books")
    genre = models.CharField(max_length=20, choices=GENRES, default="novel")
    published = models.DateField(null=True, blank=True)
    in_stock = models.BooleanField(default=True)
    pages = models.PositiveIntegerField(default=200)

    class Meta:
        ordering = ["title"]

    def __str__(self) -> str:
        return self.title
