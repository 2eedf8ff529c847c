# label: ok
# jax-error: none
# class: 3 body returns a 2-element list [carry, out], which JAX accepts as the pair
import jax
import jax.numpy as jnp


def main():
    rewards = jnp.array([1.0, 0.0, 0.5, 2.0])
    gamma = 0.99

    def discount(g, r):
        g = r + gamma * g
        return [g, g]

    _, returns = jax.lax.scan(discount, 0.0, rewards, reverse=True)
    return returns
