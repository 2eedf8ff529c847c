# label: ok
# flax-error: none
# class: 4 main() trains the model once outside, switches it to eval, then calls warm_up(model, ...), whose fori_loop body runs summarize(model, ...) with BatchNorm reading its statistics
import jax
import jax.numpy as jnp
from flax import nnx


class SensorEncoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.proj = nnx.Linear(4, 6, rngs=rngs)
        self.norm = nnx.BatchNorm(6, rngs=rngs)

    def __call__(self, x):
        return nnx.relu(self.norm(self.proj(x)))


def summarize(model, window):
    return model(window).mean(axis=0)


def warm_up(model, windows):
    def body(i, total):
        return total + summarize(model, windows[i])
    return jax.lax.fori_loop(0, windows.shape[0], body, jnp.zeros(6))


def main():
    windows = jax.random.normal(jax.random.key(0), (3, 5, 4))
    model = SensorEncoder(nnx.Rngs(0))
    model.train()
    model(windows[0])
    model.eval()
    total = warm_up(model, windows)
    print(total, model(windows[0]).shape)
    return None
