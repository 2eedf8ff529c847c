# label: ok
# flax-error: none
# class: 4 Langevin sampler splits one make_rng key per step outside and scans over the keys
import flax.linen as nn
import jax
import jax.numpy as jnp


class LangevinSampler(nn.Module):
    steps: int = 6
    step_size: float = 0.01

    @nn.compact
    def __call__(self, x0):
        score = nn.Dense(x0.shape[-1])
        score(x0)
        keys = jax.random.split(self.make_rng("langevin"), self.steps)

        def step(x, key):
            noise = jax.random.normal(key, x.shape)
            x = x + self.step_size * score(x) + jnp.sqrt(2 * self.step_size) * noise
            return x, noise

        x, noises = jax.lax.scan(step, x0, keys)
        return noises


def main():
    x0 = jnp.zeros((3, 2))
    model = LangevinSampler()
    variables = model.init({"params": jax.random.PRNGKey(0), "langevin": jax.random.PRNGKey(1)}, x0)
    return model.apply(variables, x0, rngs={"langevin": jax.random.PRNGKey(2)})
