# label: ok
# flax-error: none
# class: 2 the scan body builds nnx.Rngs from the local key folded with the step index and passes it to the closed-over model
"""MC-dropout uncertainty for an NNX regressor: T stochastic passes with jax.lax.scan."""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Regressor(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.fc1 = nnx.Linear(4, 64, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.fc2 = nnx.Linear(64, 1, rngs=rngs)

    def __call__(self, x, rngs=None):
        h = nnx.relu(self.fc1(x))
        h = self.drop(h, rngs=rngs)
        return self.fc2(h)


def main():
    model = Regressor(nnx.Rngs(0))
    x = jnp.linspace(0.0, 1.0, 8 * 4).reshape(8, 4)
    key = jax.random.key(123)

    def one_pass(carry, step):
        rngs = nnx.Rngs(dropout=jax.random.fold_in(key, step))
        return carry, model(x, rngs=rngs)

    _, preds = jax.lax.scan(one_pass, None, jnp.arange(10))
    print(preds.mean(0).shape, preds.std(0).mean())
    return preds
