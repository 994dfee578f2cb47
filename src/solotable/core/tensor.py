"""Fixed-shape numeric encodings of observations, for learning agents.

Each game declares a :class:`TensorSpec` (named slices of one flat float vector) and fills it
from ``observation(player)`` alone — never the state — so an encoding cannot leak what the
player may not see. Games write plain Python floats through a :class:`TensorWriter`, keeping
NumPy out of the games and out of the core's imports: :func:`to_numpy` (the ``rl`` extra)
makes the ``float32`` array and :meth:`TensorSpec.split` gives each slice back by name with
its shape (planes stay planes).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from math import prod
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


class TensorOut(Protocol):
    """Where ``Game.observation_tensor_into`` writes: a zeroed vector indexed by position.

    A NumPy ``float32`` array in the environments (reused, so a step allocates no list of
    floats), a plain list in tests; games only assign, never read back."""

    def __setitem__(self, index: int, value: float, /) -> None: ...


@dataclass(frozen=True, slots=True)
class TensorSlice:
    """One named part of the vector: where it starts, its shape and what it means."""

    name: str
    shape: tuple[int, ...]
    offset: int
    doc: str

    @property
    def size(self) -> int:
        return prod(self.shape)


@dataclass(frozen=True)
class TensorSpec:
    """The layout of a game's observation vector: ordered, named, fixed-size slices."""

    slices: tuple[TensorSlice, ...]
    by_name: dict[str, TensorSlice] = field(init=False, repr=False, compare=False)
    layout: dict[str, tuple[int, tuple[int, ...]]] = field(init=False, repr=False, compare=False)
    """``name -> (offset, shape)``: what the writer needs on its hot path."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "by_name", {s.name: s for s in self.slices})
        object.__setattr__(self, "layout", {s.name: (s.offset, s.shape) for s in self.slices})

    @classmethod
    def build(cls, parts: Iterable[tuple[str, tuple[int, ...], str]]) -> TensorSpec:
        """Lay ``(name, shape, doc)`` parts end to end."""
        slices: list[TensorSlice] = []
        offset = 0
        for name, shape, doc in parts:
            slices.append(TensorSlice(name, shape, offset, doc))
            offset += prod(shape)
        if len({s.name for s in slices}) != len(slices):
            raise ValueError("tensor slice names must be unique")
        return cls(tuple(slices))

    @property
    def size(self) -> int:
        last = self.slices[-1]
        return last.offset + last.size

    def writer(self) -> TensorWriter:
        return TensorWriter(self)

    def split(self, vector: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """Each slice of an encoded vector by name, reshaped (views, no copies)."""
        return {s.name: vector[s.offset : s.offset + s.size].reshape(s.shape) for s in self.slices}

    def describe(self) -> str:
        """One line per slice (name, shape, meaning): the encoding's documentation."""
        return "\n".join(f"{s.name} {list(s.shape)}: {s.doc}" for s in self.slices)


class TensorWriter:
    """A zeroed vector written by slice name and index (row-major within a slice)."""

    __slots__ = ("spec", "values")

    def __init__(self, spec: TensorSpec) -> None:
        self.spec = spec
        self.values: list[float] = [0.0] * spec.size

    def _at(self, name: str, index: tuple[int, ...]) -> int:
        """The flat position of ``name[index]``; an index outside the slice's shape raises
        (a wrong encoding must fail loudly, not spill into the next slice)."""
        offset, shape = self.spec.layout[name]
        if len(index) == 1 and len(shape) == 1:
            (i,) = index
            if 0 <= i < shape[0]:
                return offset + i
        elif len(index) == 2 and len(shape) == 2:
            i, j = index
            if 0 <= i < shape[0] and 0 <= j < shape[1]:
                return offset + i * shape[1] + j
        elif len(index) == len(shape) and all(
            0 <= i < n for i, n in zip(index, shape, strict=True)
        ):
            flat = 0
            for i, n in zip(index, shape, strict=True):
                flat = flat * n + i
            return offset + flat
        raise IndexError(f"{name} has shape {shape}, got index {index}")

    def set(self, name: str, value: float, *index: int) -> None:
        """``slice[index] = value``."""
        self.values[self._at(name, index)] = float(value)

    def add(self, name: str, value: float, *index: int) -> None:
        """``slice[index] += value`` (counting repeated cards)."""
        self.values[self._at(name, index)] += float(value)

    def fill(self, name: str, values: Sequence[float]) -> None:
        """Write a whole slice (flattened, row-major)."""
        s = self.spec.by_name[name]
        if len(values) != s.size:
            raise ValueError(f"{name} takes {s.size} values, got {len(values)}")
        self.values[s.offset : s.offset + s.size] = [float(v) for v in values]


def to_numpy(values: Sequence[float]) -> npt.NDArray[np.float32]:
    """The encoded vector as a NumPy ``float32`` array (needs the ``rl`` extra)."""
    import numpy as np

    return np.asarray(values, dtype=np.float32)


def scaled(count: Any, cap: float) -> float:
    """``count / cap``, for counts that the encodings keep roughly within [0, 1]."""
    return float(count or 0) / cap
