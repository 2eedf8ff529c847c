# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[6,1] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 the scan body asks the HeadCache for a defect head; the cache builds it from the @register_head builder registry on first use and keeps it for later calls
"""Fabric-defect inspection on the finishing line: per-defect heads from a builder registry."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict

import jax
import jax.numpy as jnp
from flax import nnx

scan = jax.lax.scan

HEAD_BUILDERS: Dict[str, Callable[[int, nnx.Rngs], nnx.Module]] = {}


def register_head(kind: str):
    def decorate(builder):
        HEAD_BUILDERS[kind] = builder
        return builder

    return decorate


@register_head("slub")
def build_slub_head(width: int, rngs: nnx.Rngs) -> nnx.Module:
    return nnx.Linear(width, 1, rngs=rngs)


@register_head("broken_pick")
def build_broken_pick_head(width: int, rngs: nnx.Rngs) -> nnx.Module:
    return nnx.Sequential(nnx.Linear(width, width, rngs=rngs), nnx.relu, nnx.Linear(width, 1, rngs=rngs))


@dataclass(frozen=True)
class LineConfig:
    width: int = 6
    segments: int = 4
    head_seed: int = 17


class HeadCache:
    def __init__(self, width: int, seed: int):
        self.width = width
        self.seed = seed
        self._heads: Dict[str, nnx.Module] = {}

    def get(self, kind: str) -> nnx.Module:
        if kind not in self._heads:
            self._heads[kind] = HEAD_BUILDERS[kind](self.width, nnx.Rngs(self.seed))
        return self._heads[kind]


class FabricBackbone(nnx.Module):
    def __init__(self, width: int, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(3, width, rngs=rngs)

    def __call__(self, segment):
        return nnx.tanh(self.proj(segment))


class FinishingLineInspector:
    def __init__(self, cfg: LineConfig):
        self.cfg = cfg
        self.backbone = FabricBackbone(cfg.width, rngs=nnx.Rngs(0))
        self.heads = HeadCache(cfg.width, cfg.head_seed)

    def inspect_roll(self, segments, kind: str):
        def segment_score(worst, segment):
            score = self.heads.get(kind)(self.backbone(segment))[..., 0]
            return jnp.maximum(worst, score.max()), score

        worst, scores = scan(segment_score, -jnp.inf, segments)
        return worst, scores

    def spot_check(self, segment, kind: str):
        return self.heads.get(kind)(self.backbone(segment))


def main():
    cfg = LineConfig()
    inspector = FinishingLineInspector(cfg)
    segments = jnp.ones((cfg.segments, 2, 1)) * jnp.array([0.3, 0.7, 0.1])
    worst, scores = inspector.inspect_roll(segments, "slub")
    check = inspector.spot_check(segments[0], "slub")
    jax.block_until_ready((worst, scores, check))
    return None
