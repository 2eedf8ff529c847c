# label: ok
# flax-error: none
# class: 2 the coordinator draws one key from its nnx.Rngs noise stream, splits it per step and scans over the keys
import jax
import jax.numpy as jnp
import flax.nnx as nnx
from jax.lax import scan


class Member(nnx.Module):
    def __init__(self, din, *, rngs):
        self.fc = nnx.Linear(din, 1, rngs=rngs)

    def __call__(self, x):
        return self.fc(x)


class EnsembleCoordinator:
    """Owns the ensemble members and the noise used to probe their disagreement."""

    def __init__(self, n_members, din, seed=0):
        self.members = [Member(din, rngs=nnx.Rngs(seed + i)) for i in range(n_members)]
        self.rngs = nnx.Rngs(noise=seed + 100)
        self.sigma = 0.05

    def disagreement_probe(self, x, steps):
        keys = jax.random.split(self.rngs.noise(), steps)

        def body(total, key):
            noise = self.sigma * jax.random.normal(key, x.shape)
            preds = jnp.stack([m(x + noise) for m in self.members])
            return total + preds.std(0).mean(), noise

        _, noises = scan(body, jnp.zeros(()), keys)
        return noises


def main():
    coord = EnsembleCoordinator(3, 4)
    return coord.disagreement_probe(jnp.ones((2, 4)), 6)
