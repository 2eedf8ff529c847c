# label: ok
# jax-error: none
# class: 3 static parameter annotated jax.Array, but every caller passes tuple(x.tolist())
import jax
import jax.numpy as jnp
import numpy as np


def gather_columns(table: jax.Array, columns: jax.Array) -> jax.Array:
    return jnp.stack([table[:, c] for c in columns], axis=1)


gather_columns_jit = jax.jit(gather_columns, static_argnums=(1,))


def main():
    columns = np.array([0, 2])
    for step in range(3):
        gather_columns_jit(jnp.ones((4, 3)) * step, tuple(columns.tolist()))
