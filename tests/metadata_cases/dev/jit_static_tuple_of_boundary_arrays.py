# label: metadata-error
# jax-error: ValueError: Non-hashable static arguments are not supported. An error occurred while trying to hash an object of type <class 'tuple'>, (Array(100, dtype=int32, weak_type=True), Array(200, dtype=int32, weak_type=True)). The error was:
# class: 3 piecewise schedule jitted with the boundaries static, given a tuple of jnp arrays
import jax
import jax.numpy as jnp


def piecewise_lr(step, boundaries, values):
    index = sum(jnp.where(step >= b, 1, 0) for b in boundaries)
    return jnp.asarray(values)[index]


schedule = jax.jit(piecewise_lr, static_argnums=(1, 2))


def main():
    boundaries = (jnp.array(100), jnp.array(200))
    for step in (50, 150, 250):
        schedule(jnp.asarray(step), boundaries, (0.1, 0.01, 0.001))
