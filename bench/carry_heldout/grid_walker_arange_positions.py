# label: drift-dtype
# jax-error: TypeError: scan body function carry input and carry output must have equal types, but they differ:
# class: 1 walkers on a grid start at jnp.arange(n) (int32) and move by a float drift
import jax
import jax.numpy as jnp
import jax.lax as lax


def main():
    n = 4
    drift = 0.5
    keys = jax.random.split(jax.random.PRNGKey(0), 10)

    def walk(pos, key):
        step = jax.random.choice(key, jnp.array([-1, 1]), (n,))
        return pos + step + drift, pos

    pos, history = lax.scan(walk, jnp.arange(n), keys)
    return history
