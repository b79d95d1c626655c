"""The registered games; importing this package registers every one of them."""

from . import camel_up_cards_2016

__all__ = ["camel_up_cards_2016"]
