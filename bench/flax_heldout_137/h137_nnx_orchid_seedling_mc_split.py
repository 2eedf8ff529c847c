# label: ok
# flax-error: none
# class: 3 SeedlingGrader keeps one key as self.mc_key, splits it into one key per Monte Carlo sample before jax.lax.scan and scans over them as the model's dropout rngs=
"""Orchid nursery: Monte Carlo dropout vigour scores for flasked seedlings before deflasking."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class VigourNet(nnx.Module):
    def __init__(self, n_traits, rngs: nnx.Rngs):
        self.trunk = nnx.Linear(n_traits, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.3)
        self.score = nnx.Linear(32, 1, rngs=rngs)

    def __call__(self, traits, *, rngs=None):
        h = self.drop(nnx.relu(self.trunk(traits)), rngs=rngs)
        return jax.nn.sigmoid(self.score(h))[..., 0]


class SeedlingGrader:
    def __init__(self, model, seed, samples=6):
        self.model = model
        self.mc_key = jax.random.key(seed)
        self.samples = samples

    def vigour_draws(self, flask):
        def body(n, key):
            return n + 1, self.model(flask, rngs=key)

        _, draws = jax.lax.scan(body, 0, jax.random.split(self.mc_key, self.samples))
        return draws


def main():
    flask = jax.random.uniform(jax.random.key(0), (15, 7))
    grader = SeedlingGrader(VigourNet(7, nnx.Rngs(params=1)), seed=5)
    return grader.vigour_draws(flask)
