# label: ok
# flax-error: none
# class: 2 moving average computed in the carry and stored in its variable once after the scan
from flax import linen as nn
import jax
import jax.numpy as jnp


class SmoothedSignal(nn.Module):
    decay: float = 0.95

    @nn.compact
    def __call__(self, xs):
        ema = self.variable("ema", "value", jnp.zeros, xs.shape[1:])

        def step(avg, x):
            avg = self.decay * avg + (1 - self.decay) * x
            return avg, avg

        avg, path = jax.lax.scan(step, ema.value, xs)
        ema.value = avg
        return path


def main():
    xs = jax.random.normal(jax.random.PRNGKey(0), (10, 3))
    model = SmoothedSignal()
    variables = model.init(jax.random.PRNGKey(1), xs)
    path, updated = model.apply(variables, xs, mutable=["ema"])
