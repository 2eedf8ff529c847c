# label: drift-shape
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 2 HMM forward pass keeps alpha as a (1, K) row but multiplies A @ alpha.T, giving (K, 1)
import jax.numpy as jnp
from jax import lax


def main():
    A = jnp.array([[0.9, 0.1], [0.2, 0.8]])
    B = jnp.array([[0.7, 0.3], [0.1, 0.9]])
    obs = jnp.array([0, 1, 1, 0, 1])

    def forward(alpha, o):
        alpha = (A.T @ alpha.T) * B[:, o][:, None]
        alpha = alpha / alpha.sum()
        return alpha, alpha.sum()

    alpha, _ = lax.scan(forward, jnp.array([[0.5, 0.5]]), obs)
    return alpha
