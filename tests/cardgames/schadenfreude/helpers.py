from solver.cardgames.schadenfreude.cards import STANDARD, TAROT


def cards(text: str) -> list[int]:
    """'r4 r7 J10' -> card ints (standard notation)."""
    return [STANDARD.parse(name) for name in text.split()]


def tarot(text: str) -> list[int]:
    return [TAROT.parse(name) for name in text.split()]


def names(card_ints) -> list[str]:
    return [STANDARD.card_name(card) for card in card_ints]
