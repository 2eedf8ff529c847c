# label: ok
# flax-error: none
# class: 1 a read-only nnx.Linear captured by an inline lambda scan body
import jax
import jax.numpy as jnp
from flax import nnx


def main():
    dyn = nnx.Linear(3, 3, rngs=nnx.Rngs(0))
    x0 = jnp.ones(3)
    xT, traj = jax.lax.scan(lambda x, _: (x + 0.1 * jnp.tanh(dyn(x)),) * 2, x0, None, length=12)
    print(xT)
    return None
