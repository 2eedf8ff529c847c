# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 1 float16 exponential moving average updated with float32 observations
import jax.numpy as jnp
from jax import lax


def main():
    obs = jnp.linspace(0.0, 1.0, 12).reshape(6, 2)

    def ema(avg, x):
        avg = 0.9 * avg + 0.1 * x
        return avg, avg

    avg, trace = lax.scan(ema, jnp.zeros(2, dtype=jnp.float16), obs)
    return trace
