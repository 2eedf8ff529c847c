# label: not-pair
# jax-error: TypeError: scan body output must be a pair, got float32[].
# class: 3 lambda body returns only the new carry
import jax
import jax.numpy as jnp


def main():
    rewards = jnp.array([1.0, 0.0, 0.5, 2.0])
    gamma = 0.99
    ret, _ = jax.lax.scan(lambda g, r: r + gamma * g, 0.0, rewards[::-1])
    return ret
