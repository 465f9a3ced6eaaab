"""The playout kernel's random numbers: a die thrown by the kernel shows each face as
often as a fair die, one throw says nothing of the next, and games of near seeds do not
start alike. Chi-square statistics against thresholds a fair source exceeds about once in
a thousand runs; the seeds are fixed, so each check gives the same answer every run."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from oneiros.games.lucidity import kernel_base as kb

# chi-square values a fair source exceeds with probability 0.001
CHI2_5 = 20.52  # 5 degrees of freedom (6 faces)
CHI2_35 = 66.62  # 35 degrees of freedom (36 pairs of faces)


def chi2(counts: Counter[int], cells: int, total: int) -> float:
    expected = total / cells
    return sum((counts.get(c, 0) - expected) ** 2 / expected for c in range(cells))


def throws(seed: int, count: int) -> list[int]:
    """``count`` throws of a six-sided die by the kernel, from game seed ``seed``."""
    S = [0] * (kb.H_RNG + 1)
    S[kb.H_RNG] = kb.mix_seed(seed)
    return [kb.rand_below(S, 6) for _ in range(count)]


def test_a_die_shows_every_face_as_often_as_a_fair_die() -> None:
    faces = throws(7, 60_000)
    assert set(faces) == set(range(6))
    assert chi2(Counter(faces), 6, len(faces)) < CHI2_5


def test_a_throw_says_nothing_of_the_next() -> None:
    faces = throws(11, 72_001)
    pairs = Counter(6 * a + b for a, b in zip(faces[::2], faces[1::2], strict=False))
    assert chi2(pairs, 36, sum(pairs.values())) < CHI2_35


def test_games_of_near_seeds_start_apart() -> None:
    starts = [kb.mix_seed(seed) for seed in range(30_000)]
    assert len(set(starts)) == len(starts)  # no two seeds share a start
    first = [throws(seed, 1)[0] for seed in range(30_000)]
    assert chi2(Counter(first), 6, len(first)) < CHI2_5
    # the first throws of seeds s and s + 1 are independent
    pairs = Counter(6 * a + b for a, b in pairwise(first))
    assert chi2(pairs, 36, sum(pairs.values())) < CHI2_35
