# label: same-values
# flax-error: none
# class: 3 the scan body clones the ActiveLearner attribute self.model (Dropout and its nnx.Rngs included) with nnx.clone and calls the clone
"""BALD-style acquisition for active learning: several stochastic forward passes of an NNX
model with Dropout, drawn in a raw jax.lax.scan.

Calling self.model directly in the body is rejected by NNX, so the body works on a clone."""
import jax
import jax.numpy as jnp
from flax import nnx

CLASSES = 3


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(5, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.5, rngs=rngs)
        self.l2 = nnx.Linear(32, CLASSES, rngs=rngs)

    def __call__(self, x):
        return nnx.softmax(self.l2(self.drop(nnx.relu(self.l1(x)))))


class ActiveLearner:
    def __init__(self, seed: int):
        self.model = Net(nnx.Rngs(params=seed, dropout=seed + 1))

    def stochastic_passes(self, pool, num_passes):
        def body(carry, _):
            model = nnx.clone(self.model)
            return carry, model(pool)

        _, probs = jax.lax.scan(body, None, None, length=num_passes)
        return probs

    def bald_scores(self, probs):
        mean = probs.mean(axis=0)
        entropy = -jnp.sum(mean * jnp.log(mean + 1e-9), axis=-1)
        expected = -jnp.sum(probs * jnp.log(probs + 1e-9), axis=-1).mean(axis=0)
        return entropy - expected


def main():
    learner = ActiveLearner(0)
    pool = jax.random.normal(jax.random.key(5), (10, 5))
    probs = learner.stochastic_passes(pool, 6)
    learner.bald_scores(probs)
    return probs


if __name__ == "__main__":
    print(main())
