# label: same-values
# flax-error: none
# class: 4 diffusion ancestral sampler whose noise comes from a helper method that calls make_rng
import flax.linen as nn
import jax
import jax.numpy as jnp


class AncestralSampler(nn.Module):
    steps: int = 5

    def setup(self):
        self.eps_model = nn.Dense(2)

    def fresh_noise(self, shape):
        return jax.random.normal(self.make_rng("noise"), shape)

    def __call__(self, x_T):
        self.eps_model(x_T)
        sigmas = jnp.linspace(1.0, 0.1, self.steps)

        def step(x, sigma):
            z = self.fresh_noise(x.shape)
            x = x - sigma * self.eps_model(x) + sigma * z
            return x, z

        _, zs = jax.lax.scan(step, x_T, sigmas)
        return zs


def main():
    x = jnp.ones((4, 2))
    model = AncestralSampler()
    variables = model.init({"params": jax.random.PRNGKey(0), "noise": jax.random.PRNGKey(1)}, x)
    return model.apply(variables, x, rngs={"noise": jax.random.PRNGKey(5)})
