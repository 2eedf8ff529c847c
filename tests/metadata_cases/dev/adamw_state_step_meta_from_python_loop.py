# label: recompiles
# jax-error: none
# class: 5 register_dataclass state with a meta field step set from jnp.asarray(step) by the Python training loop
import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class AdamState:
    mu: jax.Array
    nu: jax.Array
    count: jax.Array = dataclasses.field(metadata={"static": True})


@jax.jit
def adam_direction(state, grads):
    mu = 0.9 * state.mu + 0.1 * grads
    nu = 0.999 * state.nu + 0.001 * grads ** 2
    mu_hat = mu / (1 - 0.9 ** state.count)
    nu_hat = nu / (1 - 0.999 ** state.count)
    return mu_hat / (jnp.sqrt(nu_hat) + 1e-8), mu, nu


def main():
    mu = nu = jnp.zeros(3)
    for step in range(1, 5):
        state = AdamState(mu, nu, count=jnp.asarray(step))
        _, mu, nu = adam_direction(state, jnp.ones(3))
