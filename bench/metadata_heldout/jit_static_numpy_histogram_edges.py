# label: metadata-error
# jax-error: ValueError: Non-hashable static arguments are not supported. An error occurred while trying to hash an object of type <class 'numpy.ndarray'>, [-2.32503077 -1.4595461  -0.59406143  0.27142324  1.13690791  2.00239258]. The error was:
# class: 3 static argument given the bin edges returned by np.histogram
import jax
import jax.numpy as jnp
import numpy as np


def digitize(x, edges):
    return jnp.digitize(x, jnp.asarray(edges))


digitize_jit = jax.jit(digitize, static_argnums=(1,))


def main():
    reference = np.random.default_rng(0).normal(size=100)
    _, edges = np.histogram(reference, bins=5)
    for step in range(3):
        digitize_jit(jnp.linspace(-2.0, 2.0, 6) + step, edges)
