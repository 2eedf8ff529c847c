# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 a ForageContext passed down forage -> _walk_patches -> score_patch carries the NNX model; the while_loop body calls ctx.model, whose nnx.Dropout draws from the "dropout" Rngs stream
"""Mushroom-foraging route service: scores woodland patches for chanterelle likelihood
and walks the route until the basket estimate is full."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import flax.nnx as nnx


class PatchScorer(nnx.Module):
    def __init__(self, n_soil, rngs):
        self.soil = nnx.Linear(n_soil, 24, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.yield_head = nnx.Linear(24, 1, rngs=rngs)

    def __call__(self, patch):
        h = self.drop(nnx.gelu(self.soil(patch)))
        return nnx.softplus(self.yield_head(h))[..., 0].sum()


@dataclass(frozen=True)
class ForageConfig:
    basket_kg: float = 3.0
    max_patches: int = 10


@dataclass
class ForageContext:
    model: PatchScorer
    config: ForageConfig
    route_id: str


def score_patch(ctx, patch):
    return ctx.model(patch)


def _walk_patches(ctx, patches):
    def cond(state):
        i, basket = state
        return (i < ctx.config.max_patches) & (basket < ctx.config.basket_kg)

    def body(state):
        i, basket = state
        return i + 1, basket + 0.1 * score_patch(ctx, patches[i])

    return jax.lax.while_loop(cond, body, (0, jnp.float32(0.0)))


def forage(ctx, patches):
    visited, basket = _walk_patches(ctx, patches)
    return {"route": ctx.route_id, "patches": visited, "basket": basket}


def main():
    patches = jax.random.uniform(jax.random.key(0), (10, 6, 7))
    model = PatchScorer(7, nnx.Rngs(params=0, dropout=1))
    ctx = ForageContext(model, ForageConfig(), route_id="beech-ridge")
    forage(ctx, patches)
    return None
