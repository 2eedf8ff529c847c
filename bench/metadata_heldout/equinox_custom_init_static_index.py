# label: metadata-error
# jax-error: ValueError: static arguments should be comparable using __eq__.The following error was raised when comparing two objects of types <class 'tuple'> and <class 'tuple'>. The error was:
# class: 4 equinox module with a custom __init__ stores jnp.arange indices in eqx.field(static=True); eqx.filter_jit gets a new module per batch
import equinox as eqx
import jax
import jax.numpy as jnp


class Pooler(eqx.Module):
    projection: jax.Array
    keep: jax.Array = eqx.field(static=True)

    def __init__(self, size, stride, key):
        self.projection = jax.random.normal(key, (size // stride,))
        self.keep = jnp.arange(0, size, stride)

    def __call__(self, x):
        return jnp.dot(self.projection, x[self.keep])


@eqx.filter_jit
def pooled(pooler, x):
    return pooler(x)


def main():
    key = jax.random.PRNGKey(0)
    for _ in range(3):
        key, sub = jax.random.split(key)
        pooled(Pooler(8, 2, sub), jnp.ones(8))
