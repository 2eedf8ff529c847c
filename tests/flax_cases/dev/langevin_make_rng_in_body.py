# label: same-values
# flax-error: none
# class: 4 Langevin sampler draws its noise with self.make_rng inside the scan body
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

        def step(x, _):
            noise = jax.random.normal(self.make_rng("langevin"), x.shape)
            x = x + self.step_size * score(x) + jnp.sqrt(2 * self.step_size) * noise
            return x, noise

        x, noises = jax.lax.scan(step, x0, None, length=self.steps)
        return noises


def main():
    x0 = jnp.zeros((3, 2))
    model = LangevinSampler()
    variables = model.init({"params": jax.random.PRNGKey(0), "langevin": jax.random.PRNGKey(1)}, x0)
    return model.apply(variables, x0, rngs={"langevin": jax.random.PRNGKey(2)})
