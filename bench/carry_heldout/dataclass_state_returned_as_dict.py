# label: drift-structure
# jax-error: TypeError: scan body function carry input and carry output must have the same pytree structure, but they differ:
# class: 3 register_dataclass carry returned as dataclasses.asdict(...) style dict
import dataclasses

import jax
import jax.numpy as jnp


@dataclasses.dataclass
class Stats:
    count: jnp.ndarray
    total: jnp.ndarray


jax.tree_util.register_dataclass(Stats, data_fields=["count", "total"], meta_fields=[])


def main():
    xs = jnp.arange(5.0)

    def body(s, x):
        return {"count": s.count + 1, "total": s.total + x}, x

    s, _ = jax.lax.scan(body, Stats(jnp.int32(0), jnp.float32(0.0)), xs)
    return s
