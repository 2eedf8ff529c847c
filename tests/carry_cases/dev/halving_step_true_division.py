# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 1 step-size schedule halves an int32 step with true division
import jax.numpy as jnp
from jax import lax


def main():
    losses = jnp.array([1.0, 0.8, 0.9, 0.7, 0.75, 0.6])

    def schedule(state, loss):
        step, best = state
        worse = loss > best
        step = jnp.where(worse, step / 2, step)
        best = jnp.minimum(best, loss)
        return (step, best), step

    _, steps = lax.scan(schedule, (jnp.int32(64), jnp.float32(jnp.inf)), losses)
    return steps
