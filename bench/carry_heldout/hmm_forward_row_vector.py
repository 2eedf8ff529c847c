# label: ok
# jax-error: none
# class: 2 HMM forward pass with a (1, K) alpha row multiplied as alpha @ A
import jax.numpy as jnp
from jax import lax


def main():
    A = jnp.array([[0.9, 0.1], [0.2, 0.8]])
    B = jnp.array([[0.7, 0.3], [0.1, 0.9]])
    obs = jnp.array([0, 1, 1, 0, 1])

    def forward(alpha, o):
        alpha = (alpha @ A) * B[:, o]
        norm = alpha.sum()
        return alpha / norm, jnp.log(norm)

    alpha, log_norms = lax.scan(forward, jnp.array([[0.5, 0.5]]), obs)
    return log_norms.sum()
