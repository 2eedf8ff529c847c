# label: same-values
# flax-error: none
# class: 2 the scan body rebuilds nnx.Rngs(dropout=seed) from the same local seed every step and passes it to the closed-over model
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
    seed = 123

    def one_pass(carry, _):
        rngs = nnx.Rngs(dropout=seed)
        return carry, model(x, rngs=rngs)

    _, preds = jax.lax.scan(one_pass, None, None, length=10)
    print(preds.mean(0).shape, preds.std(0).mean())
    return preds
