# label: recompiles
# jax-error: none
# class: 1 Langevin sampler keeps its temperature as a 0-d jnp.asarray in aux data; annealing changes it every round
import jax
import jax.numpy as jnp


class Sampler:
    def __init__(self, position, temperature):
        self.position = position
        self.temperature = temperature


jax.tree_util.register_pytree_node(
    Sampler,
    lambda s: ((s.position,), s.temperature),
    lambda temperature, children: Sampler(children[0], temperature),
)


@jax.jit
def langevin_step(sampler, key):
    noise = jax.random.normal(key, sampler.position.shape)
    grad = -sampler.position
    position = sampler.position + 0.01 * grad + jnp.sqrt(0.02 * sampler.temperature) * noise
    return Sampler(position, sampler.temperature)


def main():
    sampler = Sampler(jnp.ones(3), jnp.asarray(1.0))
    key = jax.random.PRNGKey(0)
    for temperature in (1.0, 0.5, 0.25, 0.125):
        key, sub = jax.random.split(key)
        sampler = langevin_step(Sampler(sampler.position, jnp.asarray(temperature)), sub)
