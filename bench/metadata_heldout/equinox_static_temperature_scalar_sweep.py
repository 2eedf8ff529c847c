# label: recompiles
# jax-error: none
# class: 4 equinox sampler holds a 0-d jnp.asarray temperature in eqx.field(static=True); a sweep calls eqx.filter_jit with each value
import equinox as eqx
import jax
import jax.numpy as jnp


class TemperatureSampler(eqx.Module):
    logits: jax.Array
    temperature: jax.Array = eqx.field(static=True)

    def sample(self, key):
        return jax.random.categorical(key, self.logits / self.temperature)


@eqx.filter_jit
def draw(sampler, key):
    return sampler.sample(key)


def main():
    logits = jnp.array([0.1, 1.0, 0.3])
    key = jax.random.PRNGKey(0)
    for temperature in (0.7, 1.0, 1.3):
        draw(TemperatureSampler(logits, jnp.asarray(temperature)), key)
