# label: ok
# jax-error: none
# class: 1 walkers on a grid start at jnp.arange(n) and move by integer steps, clipped to the grid
import jax
import jax.numpy as jnp
import jax.lax as lax


def main():
    n = 4
    keys = jax.random.split(jax.random.PRNGKey(0), 10)

    def walk(pos, key):
        step = jax.random.choice(key, jnp.array([-1, 1]), (n,))
        return jnp.clip(pos + step, 0, 9), pos

    pos, history = lax.scan(walk, jnp.arange(n), keys)
    return history
