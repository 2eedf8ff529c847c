# label: ok
# flax-error: none
# class: 5 model only read inside a raw lax.scan over MC samples, nnx.Rngs(dropout=fold_in(key, i)) built per step from the index
"""Active learning in NNX: MC-dropout acquisition with a per-sample dropout key folded from the step."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.lax import scan


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(4, 32, rngs=rngs)
        self.drop = nnx.Dropout(0.5)
        self.l2 = nnx.Linear(32, 3, rngs=rngs)

    def __call__(self, x, rngs=None):
        return self.l2(self.drop(nnx.relu(self.l1(x)), rngs=rngs))


def main():
    model = Net(nnx.Rngs(0))
    model.train()
    pool = jnp.ones((10, 4))
    key = jax.random.key(1)

    def sample(_, i):
        probs = jax.nn.softmax(model(pool, rngs=nnx.Rngs(dropout=jax.random.fold_in(key, i))))
        return None, probs

    _, probs = scan(sample, None, jnp.arange(6))
    mean = probs.mean(0)
    bald = -(mean * jnp.log(mean)).sum(-1) + (probs * jnp.log(probs)).sum(-1).mean(0)
    return probs
