# label: ok
# flax-error: none
# class: 5 make_sampling_step is a factory returning the fori_loop step; the step builds nnx.Rngs(sample=fold_in(seed key, round)) on every round
"""Marketplace recommendations: Gumbel-top-k candidate sampling from an item tower, several rounds per
request so the blender can diversify. Returns the perturbed scores of every round."""
import dataclasses

import jax
import jax.numpy as jnp
from flax import nnx


@dataclasses.dataclass(frozen=True)
class SamplerConfig:
    rounds: int = 5
    temperature: float = 0.7
    seed: int = 42


class ItemTower(nnx.Module):
    def __init__(self, item_dim: int, dim: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(item_dim, dim, rngs=rngs)

    def __call__(self, items):
        return nnx.tanh(self.embed(items))


class UserEncoder(nnx.Module):
    def __init__(self, user_dim: int, dim: int, rngs: nnx.Rngs):
        self.embed = nnx.Linear(user_dim, dim, rngs=rngs)

    def __call__(self, user):
        return self.embed(user)


def make_sampling_step(tower: ItemTower, user_vec, items, config: SamplerConfig):
    def step(i, buffer):
        rngs = nnx.Rngs(sample=jax.random.fold_in(jax.random.key(config.seed), i))
        scores = tower(items) @ user_vec / config.temperature
        perturbed = scores + jax.random.gumbel(rngs.sample(), scores.shape)
        return buffer.at[i].set(perturbed)
    return step


class CandidateGenerator:
    def __init__(self, config: SamplerConfig, tower: ItemTower, encoder: UserEncoder):
        self.config, self.tower, self.encoder = config, tower, encoder

    def sample_rounds(self, user, items):
        step = make_sampling_step(self.tower, self.encoder(user), items, self.config)
        buffer = jnp.zeros((self.config.rounds, items.shape[0]))
        return jax.lax.fori_loop(0, self.config.rounds, step, buffer)


def main():
    rngs = nnx.Rngs(0)
    generator = CandidateGenerator(SamplerConfig(), ItemTower(10, 8, rngs), UserEncoder(6, 8, rngs))
    items = jax.random.normal(jax.random.key(3), (20, 10))
    user = jax.random.normal(jax.random.key(4), (6,))
    return generator.sample_rounds(user, items)
